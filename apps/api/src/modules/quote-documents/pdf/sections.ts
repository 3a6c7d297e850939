import type { Locale } from '@verba/contracts';
import { PRICE_LINES } from '@verba/contracts/pricing';
import type { Translate } from '../../../lib/i18n.ts';
import {
  formatDate,
  formatDecimal,
  formatInteger,
  formatPercent,
  formatWordPrice,
} from '../../../lib/format.ts';
import {
  COLOR,
  CONTENT,
  FONT,
  HALF_WIDTH,
  HEAD_ROW,
  MARGIN,
  RIGHT_X,
  blockHeading,
  ensureSpace,
  field,
  isZeroAmount,
  moneyIn,
  negated,
  noteRow,
  rule,
  sectionTitle,
  tableRow,
  type Column,
  type Pdf,
} from '../../../lib/pdf/index.ts';
import type { QuoteData } from './quote-data.ts';

/** Quantities of other concepts have 2 decimals; whole ones are shown without them. */
const formatQuantity = (quantity: string, locale: Locale) =>
  formatDecimal(quantity, locale, /\.\d*[1-9]/.test(quantity) ? 2 : 0);

/** The customer (left) and the project (right), side by side. */
export function drawParties(doc: Pdf, q: QuoteData, t: Translate): void {
  const top = doc.y;
  blockHeading(doc, t('quotes.customer'), MARGIN, HALF_WIDTH);
  if (q.customer) {
    doc.font(FONT.bold).fontSize(10.5).fillColor(COLOR.text).text(q.customer.name, MARGIN, doc.y, {
      width: HALF_WIDTH,
    });
    doc.moveDown(0.15);
    if (q.customer.taxId) field(doc, t('quotes.tax_id'), q.customer.taxId, MARGIN, HALF_WIDTH);
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
    for (const line of q.customer.addressLines) doc.text(line, MARGIN, doc.y, { width: HALF_WIDTH });
    if (q.customer.country) field(doc, t('quotes.country'), q.customer.country, MARGIN, HALF_WIDTH);
  }
  if (q.requester) field(doc, t('quotes.requested_by'), q.requester, MARGIN, HALF_WIDTH);
  const customerBottom = doc.y;

  doc.y = top;
  blockHeading(doc, t('quotes.project'), RIGHT_X, HALF_WIDTH);
  const project: Array<[string, string]> = [
    ['quotes.project_name', q.project.name],
    ['quotes.source_language', q.project.sourceLanguage],
    ['quotes.target_languages', q.project.targetLanguages.join(', ')],
    ['quotes.translation_type', q.project.translationType],
  ];
  if (q.project.department) project.push(['quotes.department', q.project.department]);
  if (q.project.poNumber) project.push(['quotes.po_number', q.project.poNumber]);
  if (q.project.clientReference) project.push(['quotes.client_reference', q.project.clientReference]);
  for (const [label, value] of project) field(doc, t(label), value, RIGHT_X, HALF_WIDTH);
  doc.y = Math.max(doc.y, customerBottom) + 18;
  doc.x = MARGIN;
}

const BAND_COLUMNS: Column[] = [
  { width: 175, align: 'left' },
  { width: 70, align: 'right' },
  { width: 65, align: 'right' },
  { width: 95, align: 'right' },
  { width: CONTENT - 405, align: 'right' },
];

/** One target language: its band lines in the price summary's display order, notes and total. */
export function drawLanguage(
  doc: Pdf,
  language: QuoteData['languages'][number],
  locale: Locale,
  t: Translate,
) {
  const money = moneyIn(locale);
  const s = language.summary;
  ensureSpace(doc, 40 + 16 * (PRICE_LINES.length + 4));
  sectionTitle(doc, t('quotes.target_language', { language: language.name }));
  tableRow(
    doc,
    BAND_COLUMNS,
    [
      t('quotes.columns.band'),
      t('quotes.columns.words'),
      t('quotes.columns.payable'),
      t('quotes.columns.price_per_word'),
      t('quotes.columns.total'),
    ],
    HEAD_ROW,
  );
  for (const { key } of PRICE_LINES) {
    const line = s[key];
    tableRow(doc, BAND_COLUMNS, [
      t(`quotes.bands.${key}`),
      formatInteger(line.wordCount, locale),
      formatPercent(line.payablePercent, locale),
      formatWordPrice(line.pricePerWord, locale),
      money(line.total),
    ]);
    rule(doc, doc.y, COLOR.band, 0.5);
  }
  tableRow(
    doc,
    BAND_COLUMNS,
    [t('quotes.lines_total'), formatInteger(s.wordCount, locale), '', '', money(s.linesTotal)],
    { font: FONT.regular, color: COLOR.muted },
  );
  if (s.minimum?.applied) {
    const note = t(s.isPriceByHour ? 'quotes.minimum_by_hour' : 'quotes.minimum_by_amount', {
      lines: money(s.linesTotal),
      amount: money(s.minimum.charge),
    });
    noteRow(doc, note);
  }
  if (language.rateMissing) noteRow(doc, t('quotes.rate_missing'), COLOR.warning);
  rule(doc, doc.y, COLOR.text, 0.8);
  tableRow(
    doc,
    BAND_COLUMNS,
    [t('quotes.language_total', { language: language.name }), '', '', '', money(s.total)],
    {
      font: FONT.bold,
    },
  );
  doc.y += 14;
}

const CONCEPT_COLUMNS: Column[] = [
  { width: 245, align: 'left' },
  { width: 65, align: 'right' },
  { width: 95, align: 'right' },
  { width: CONTENT - 405, align: 'right' },
];

/** Other concepts added by staff, if any. */
export function drawOtherConcepts(doc: Pdf, q: QuoteData, t: Translate): void {
  if (!q.otherConcepts.length) return;
  const money = moneyIn(q.locale);
  ensureSpace(doc, 60);
  sectionTitle(doc, t('quotes.other_concepts'));
  tableRow(
    doc,
    CONCEPT_COLUMNS,
    [t('quotes.concept'), t('quotes.quantity'), t('quotes.unit_price'), t('quotes.columns.total')],
    HEAD_ROW,
  );
  for (const c of q.otherConcepts) {
    tableRow(doc, CONCEPT_COLUMNS, [
      c.concept,
      formatQuantity(c.quantity, q.locale),
      money(c.price),
      money(c.total),
    ]);
    rule(doc, doc.y, COLOR.band, 0.5);
  }
  doc.y += 14;
}

/** The subtotal lines of the quote: base, discount, other concepts, untaxed, tax. */
export function totalLines(q: QuoteData, t: Translate): Array<[string, string]> {
  const { locale, totals: tt } = q;
  const money = moneyIn(locale);
  const lines: Array<[string, string]> = [[t('quotes.totals.base_price'), money(tt.basePrice)]];
  if (!isZeroAmount(tt.discountAmount) || !isZeroAmount(tt.discountPercentage))
    lines.push([
      t('quotes.totals.discount', { percent: formatPercent(tt.discountPercentage, locale) }),
      money(negated(tt.discountAmount)),
    ]);
  if (!isZeroAmount(tt.otherPrices) || q.otherConcepts.length)
    lines.push([t('quotes.totals.other_prices'), money(tt.otherPrices)]);
  lines.push([t('quotes.totals.untaxed'), money(tt.untaxed)]);
  lines.push(
    tt.taxName
      ? [
          t('quotes.totals.tax', { name: tt.taxName, percent: formatPercent(tt.taxPercentage, locale) }),
          money(tt.taxes),
        ]
      : [t('quotes.totals.no_tax'), money('0.00')],
  );
  return lines;
}

/** The delivery date (or an estimate) and the fine print. */
export function drawDeliveryAndNotes(doc: Pdf, q: QuoteData, t: Translate): void {
  ensureSpace(doc, 70);
  const label = q.delivery.ifApprovedToday ? t('quotes.delivery_if_approved') : t('quotes.delivery_date');
  const value = q.delivery.date
    ? t('quotes.end_of_day', { date: formatDate(q.delivery.date, q.locale) })
    : t('quotes.delivery_pending');
  field(doc, label, value, MARGIN, CONTENT, { size: 10, labelColor: COLOR.text });
  doc.moveDown(0.8);
  doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
  for (const note of ['quotes.notes.euros', 'quotes.notes.words', 'quotes.notes.validity'])
    doc.text(t(note), MARGIN, doc.y, { width: CONTENT });
}
