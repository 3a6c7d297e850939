import type { Locale } from '@verba/contracts';
import { formatMoney } from '../format.ts';
import { COLOR, CONTENT, FONT, MARGIN, ensureSpace, rule, type Pdf } from './document.ts';
import { tableRow, type Column } from './table.ts';

/** Money cells of a document in its language: "€1,234.50" (en), "1.234,50 €" (es, ca). */
export const moneyIn = (locale: Locale) => (amount: string) => formatMoney(amount, locale);

export const isZeroAmount = (amount: string) => /^-?0*(\.0*)?$/.test(amount);

/** An amount to subtract, shown with its sign (a zero stays unsigned). */
export const negated = (amount: string) => (isZeroAmount(amount) ? amount : `-${amount}`);

const TOTALS_WIDTH = 260;
const TOTALS_COLUMNS: Column[] = [
  { width: 160, align: 'left' },
  { width: TOTALS_WIDTH - 160, align: 'right' },
];

/**
 * The totals block, right-aligned: the subtotal lines, a rule, the total in bold, then the
 * amount due highlighted. Amounts arrive formatted.
 */
export function drawTotals(
  doc: Pdf,
  lines: Array<[string, string]>,
  total: [string, string],
  due: [string, string],
): void {
  const x = MARGIN + CONTENT - TOTALS_WIDTH;
  ensureSpace(doc, 16 * (lines.length + 3));
  for (const line of lines) tableRow(doc, TOTALS_COLUMNS, line, { x });
  rule(doc, doc.y, COLOR.text, 0.8, x);
  tableRow(doc, TOTALS_COLUMNS, total, { x, font: FONT.bold });
  doc.y += 3;
  tableRow(doc, TOTALS_COLUMNS, due, {
    x,
    font: FONT.bold,
    size: 10.5,
    fill: COLOR.accent,
    color: COLOR.inverse,
  });
  doc.y += 16;
}
