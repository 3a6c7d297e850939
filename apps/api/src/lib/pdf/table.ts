import { COLOR, CONTENT, FONT, MARGIN, ensureSpace, type Pdf } from './document.ts';

export interface Column {
  width: number;
  align: 'left' | 'right';
}

export interface RowStyle {
  font?: string;
  size?: number;
  fill?: string;
  color?: string;
  x?: number;
}

const PADDING = 3.5;

/** The style of a table's heading row. */
export const HEAD_ROW: RowStyle = { font: FONT.bold, size: 8.5, fill: COLOR.band, color: COLOR.muted };

/** One table row at `doc.y`, cells wrapping inside their column; moves below it and returns its height. */
export function tableRow(doc: Pdf, columns: Column[], cells: string[], style: RowStyle = {}): number {
  const size = style.size ?? 9;
  const font = style.font ?? FONT.regular;
  doc.font(font).fontSize(size);
  const heights = columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 2 * PADDING }));
  const height = Math.max(...heights) + 2 * PADDING;
  ensureSpace(doc, height);
  const top = doc.y;
  const left = style.x ?? MARGIN;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  if (style.fill) doc.rect(left, top, total, height).fill(style.fill);
  let x = left;
  doc
    .fillColor(style.color ?? COLOR.text)
    .font(font)
    .fontSize(size);
  columns.forEach((c, i) => {
    doc.text(cells[i] ?? '', x + PADDING, top + PADDING, { width: c.width - 2 * PADDING, align: c.align });
    x += c.width;
  });
  doc.y = top + height;
  doc.x = MARGIN;
  return height;
}

/** A full-width line of text in a table (a note under its rows). */
export function noteRow(doc: Pdf, text: string, color: string = COLOR.accent): number {
  return tableRow(doc, [{ width: CONTENT, align: 'left' }], [text], { font: FONT.italic, size: 8.5, color });
}

/** The title of a section (a table's caption). */
export function sectionTitle(doc: Pdf, text: string): void {
  doc.font(FONT.bold).fontSize(11).fillColor(COLOR.accent).text(text, MARGIN, doc.y, { width: CONTENT });
  doc.moveDown(0.3);
}
