import { COLOR, CONTENT, FONT, MARGIN, PAGE, rule, type Pdf } from './document.ts';
import { rightAlignedField } from './fields.ts';

/** The issuer of a document (DESIGN §1: the brand is configuration). */
export interface Letterhead {
  name: string;
  address: string;
}

/** Where the right half of the page starts, and its width. */
export const RIGHT_X = MARGIN + CONTENT / 2 + 10;
export const HALF_WIDTH = CONTENT / 2 - 10;

/**
 * The top of the first page: the brand on the left; the document's title and its dated lines
 * ("label: value") on the right; then an accent rule.
 */
export function drawHeader(
  doc: Pdf,
  brand: Letterhead,
  title: string,
  lines: Array<[string, string]>,
  top = MARGIN,
): void {
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(COLOR.accent)
    .text(brand.name, MARGIN, top, { width: CONTENT / 2 });
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted).text(brand.address, { width: HALF_WIDTH });
  const leftBottom = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(COLOR.text)
    .text(title, RIGHT_X, top - 2, { width: HALF_WIDTH, align: 'right' });
  doc.moveDown(0.4);
  for (const [label, value] of lines) rightAlignedField(doc, label, value, RIGHT_X + HALF_WIDTH);
  doc.y = Math.max(doc.y, leftBottom) + 12;
  rule(doc, doc.y, COLOR.accent, 1.2);
  doc.y += 14;
}

/** The brand and "page n of m" at the foot of every page; call once everything is drawn. */
export function drawFooters(doc: Pdf, brand: Letterhead, pageLabel: (page: number, pages: number) => string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 45;
    rule(doc, y - 6, COLOR.rule, 0.5);
    doc
      .font(FONT.regular)
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(`${brand.name} · ${brand.address}`, MARGIN, y, { width: CONTENT - 90, lineBreak: false });
    doc.text(pageLabel(i - range.start + 1, range.count), MARGIN + CONTENT - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
  }
}
