import { COLOR, FONT, type Pdf } from './document.ts';

/** A small upper-case heading over a block of fields. */
export function blockHeading(doc: Pdf, text: string, x: number, width: number): void {
  doc.font(FONT.bold).fontSize(9).fillColor(COLOR.accent).text(text.toUpperCase(), x, doc.y, {
    width,
    characterSpacing: 0.6,
  });
  doc.moveDown(0.3);
}

/** "Label: value" on one flowing line, the label bold (and muted unless told otherwise). */
export function field(
  doc: Pdf,
  label: string,
  value: string,
  x: number,
  width: number,
  style: { size?: number; labelColor?: string } = {},
): void {
  doc
    .font(FONT.bold)
    .fontSize(style.size ?? 9)
    .fillColor(style.labelColor ?? COLOR.muted)
    .text(`${label}: `, x, doc.y, {
      width,
      continued: true,
    });
  doc.font(FONT.regular).fillColor(COLOR.text).text(value);
}

/** "Label: value" ending at `end` on the current line, in two fonts; moves one line down. */
export function rightAlignedField(doc: Pdf, label: string, value: string, end: number): void {
  const y = doc.y;
  const valueWidth = doc.font(FONT.regular).fontSize(9).widthOfString(value);
  const labelText = `${label}: `;
  const labelWidth = doc.font(FONT.bold).fontSize(9).widthOfString(labelText);
  doc.fillColor(COLOR.muted).text(labelText, end - valueWidth - labelWidth, y, { lineBreak: false });
  doc
    .font(FONT.regular)
    .fillColor(COLOR.text)
    .text(value, end - valueWidth, y, { lineBreak: false });
  doc.y = y + 13;
}
