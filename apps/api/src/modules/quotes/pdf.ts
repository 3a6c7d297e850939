import PDFDocument from 'pdfkit';
import type { Locale } from '@verba/contracts';
import { PRICE_LINES, type LanguagePriceSummary } from '@verba/contracts/pricing';
import type { Translate } from '../../lib/i18n.ts';
import {
  formatDate,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatPercent,
  formatWordPrice,
} from './format.ts';

/** Everything a quote shows, already looked up (names in the quote's language); amounts are decimal strings. */
export interface QuoteData {
  locale: Locale;
  brand: { name: string; address: string };
  code: string;
  issuedAt: Date;
  validUntil: Date;
  customer: {
    name: string;
    taxId: string | null;
    addressLines: string[];
    country: string | null;
  } | null;
  requester: string | null;
  project: {
    name: string;
    sourceLanguage: string;
    targetLanguages: string[];
    translationType: string;
    department: string | null;
  };
  languages: Array<{ name: string; summary: LanguagePriceSummary; rateMissing: boolean }>;
  otherConcepts: Array<{ concept: string; quantity: string; price: string; total: string }>;
  totals: {
    basePrice: string;
    discountPercentage: string;
    discountAmount: string;
    otherPrices: string;
    untaxed: string;
    taxName: string | null;
    taxPercentage: string;
    taxes: string;
    taxedPrice: string;
    amountToPay: string;
  };
  /** End of the delivery day; `ifApprovedToday`: an estimate, the task is not approved yet. */
  delivery: { date: Date | null; ifApprovedToday: boolean };
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT = PAGE.width - 2 * MARGIN;
/** Content stops here; the footer lives below. */
const BOTTOM = PAGE.height - 70;
const COLOR = { text: '#1f2933', muted: '#5f6b7a', accent: '#1d4f7c', rule: '#c9d2dc', band: '#eef2f6' };
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

interface Column {
  width: number;
  align: 'left' | 'right';
}

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount);
const negative = (amount: string) => (isZero(amount) ? amount : `-${amount}`);

/**
 * Renders the quote as an A4 PDF (pdfkit, built-in Helvetica: WinAnsi covers es/ca letters,
 * "l·l" and "€"). A quote is a few pages at most, so it is buffered.
 */
export function renderQuotePdf(q: QuoteData, t: Translate): Promise<Buffer> {
  const locale = q.locale;
  const money = (v: string) => formatMoney(v, locale);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: PAGE.height - BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' }[locale],
    info: {
      Title: `${t('quotes.title')} ${q.code}`,
      Author: q.brand.name,
      Subject: q.project.name,
      Creator: q.brand.name,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const ensureSpace = (height: number) => {
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      doc.y = MARGIN;
    }
  };
  const rule = (y: number, color = COLOR.rule, width = 0.7) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();

  /** One table row; returns its height. Cells wrap inside their column. */
  const row = (
    columns: Column[],
    cells: string[],
    options: { font?: string; size?: number; fill?: string; color?: string; x?: number } = {},
  ) => {
    const size = options.size ?? 9;
    const font = options.font ?? FONT.regular;
    doc.font(font).fontSize(size);
    const padding = 3.5;
    const heights = columns.map((c, i) =>
      doc.heightOfString(cells[i] ?? '', { width: c.width - 2 * padding }),
    );
    const height = Math.max(...heights) + 2 * padding;
    ensureSpace(height);
    const top = doc.y;
    const left = options.x ?? MARGIN;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    if (options.fill) doc.rect(left, top, total, height).fill(options.fill);
    let x = left;
    doc
      .fillColor(options.color ?? COLOR.text)
      .font(font)
      .fontSize(size);
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x + padding, top + padding, { width: c.width - 2 * padding, align: c.align });
      x += c.width;
    });
    doc.y = top + height;
    doc.x = MARGIN;
    return height;
  };

  // Header: the provider's brand on the left, the quote's title and dates on the right.
  const rightX = MARGIN + CONTENT / 2 + 10;
  const rightW = CONTENT / 2 - 10;
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(COLOR.accent)
    .text(q.brand.name, MARGIN, MARGIN, { width: CONTENT / 2 });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(q.brand.address, { width: CONTENT / 2 - 10 });
  const leftBottom = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(COLOR.text)
    .text(`${t('quotes.title')} ${q.code}`, rightX, MARGIN - 2, { width: rightW, align: 'right' });
  doc.moveDown(0.4);
  for (const [label, value] of [
    [t('quotes.issued'), formatDate(q.issuedAt, locale)],
    [t('quotes.valid_until'), t('quotes.end_of_day', { date: formatDate(q.validUntil, locale) })],
  ] as const) {
    // Right-aligned "label: value" in two fonts: measure both, then place them side by side.
    const y = doc.y;
    const valueWidth = doc.font(FONT.regular).fontSize(9).widthOfString(value);
    const labelText = `${label}: `;
    const labelWidth = doc.font(FONT.bold).fontSize(9).widthOfString(labelText);
    const end = rightX + rightW;
    doc.fillColor(COLOR.muted).text(labelText, end - valueWidth - labelWidth, y, { lineBreak: false });
    doc
      .font(FONT.regular)
      .fillColor(COLOR.text)
      .text(value, end - valueWidth, y, { lineBreak: false });
    doc.y = y + 13;
  }
  doc.y = Math.max(doc.y, leftBottom) + 12;
  rule(doc.y, COLOR.accent, 1.2);
  doc.y += 14;

  // Customer and project, side by side.
  const blockTop = doc.y;
  const heading = (text: string, x: number, width: number) => {
    doc.font(FONT.bold).fontSize(9).fillColor(COLOR.accent).text(text.toUpperCase(), x, doc.y, {
      width,
      characterSpacing: 0.6,
    });
    doc.moveDown(0.3);
  };
  const field = (label: string, value: string, x: number, width: number) => {
    doc.font(FONT.bold).fontSize(9).fillColor(COLOR.muted).text(`${label}: `, x, doc.y, {
      width,
      continued: true,
    });
    doc.font(FONT.regular).fillColor(COLOR.text).text(value);
  };
  const leftW = CONTENT / 2 - 10;
  doc.y = blockTop;
  heading(t('quotes.customer'), MARGIN, leftW);
  if (q.customer) {
    doc.font(FONT.bold).fontSize(10.5).fillColor(COLOR.text).text(q.customer.name, MARGIN, doc.y, {
      width: leftW,
    });
    doc.moveDown(0.15);
    if (q.customer.taxId) field(t('quotes.tax_id'), q.customer.taxId, MARGIN, leftW);
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
    for (const line of q.customer.addressLines) doc.text(line, MARGIN, doc.y, { width: leftW });
    if (q.customer.country) field(t('quotes.country'), q.customer.country, MARGIN, leftW);
  }
  if (q.requester) field(t('quotes.requested_by'), q.requester, MARGIN, leftW);
  const customerBottom = doc.y;

  doc.y = blockTop;
  heading(t('quotes.project'), rightX, rightW);
  field(t('quotes.project_name'), q.project.name, rightX, rightW);
  field(t('quotes.source_language'), q.project.sourceLanguage, rightX, rightW);
  field(t('quotes.target_languages'), q.project.targetLanguages.join(', '), rightX, rightW);
  field(t('quotes.translation_type'), q.project.translationType, rightX, rightW);
  if (q.project.department) field(t('quotes.department'), q.project.department, rightX, rightW);
  doc.y = Math.max(doc.y, customerBottom) + 18;
  doc.x = MARGIN;

  // One table per target language, band lines in the price summary's display order.
  const bandColumns: Column[] = [
    { width: 175, align: 'left' },
    { width: 70, align: 'right' },
    { width: 65, align: 'right' },
    { width: 95, align: 'right' },
    { width: CONTENT - 405, align: 'right' },
  ];
  for (const language of q.languages) {
    const s = language.summary;
    ensureSpace(40 + 16 * (PRICE_LINES.length + 4));
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLOR.accent)
      .text(t('quotes.target_language', { language: language.name }), MARGIN, doc.y, { width: CONTENT });
    doc.moveDown(0.3);
    row(
      bandColumns,
      [
        t('quotes.columns.band'),
        t('quotes.columns.words'),
        t('quotes.columns.payable'),
        t('quotes.columns.price_per_word'),
        t('quotes.columns.total'),
      ],
      { font: FONT.bold, size: 8.5, fill: COLOR.band, color: COLOR.muted },
    );
    for (const { key } of PRICE_LINES) {
      const line = s[key];
      row(bandColumns, [
        t(`quotes.bands.${key}`),
        formatInteger(line.wordCount, locale),
        formatPercent(line.payablePercent, locale),
        formatWordPrice(line.pricePerWord, locale),
        money(line.total),
      ]);
      rule(doc.y, COLOR.band, 0.5);
    }
    row(
      bandColumns,
      [t('quotes.lines_total'), formatInteger(s.wordCount, locale), '', '', money(s.linesTotal)],
      {
        font: FONT.regular,
        color: COLOR.muted,
      },
    );
    if (s.minimum?.applied) {
      const note = t(s.isPriceByHour ? 'quotes.minimum_by_hour' : 'quotes.minimum_by_amount', {
        lines: money(s.linesTotal),
        amount: money(s.minimum.charge),
      });
      row([{ width: CONTENT, align: 'left' }], [note], { font: FONT.italic, size: 8.5, color: COLOR.accent });
    }
    if (language.rateMissing) {
      row([{ width: CONTENT, align: 'left' }], [t('quotes.rate_missing')], {
        font: FONT.italic,
        size: 8.5,
        color: '#9a3412',
      });
    }
    rule(doc.y, COLOR.text, 0.8);
    row(bandColumns, [t('quotes.language_total', { language: language.name }), '', '', '', money(s.total)], {
      font: FONT.bold,
    });
    doc.y += 14;
  }

  // Other concepts added by staff.
  if (q.otherConcepts.length) {
    const conceptColumns: Column[] = [
      { width: 245, align: 'left' },
      { width: 65, align: 'right' },
      { width: 95, align: 'right' },
      { width: CONTENT - 405, align: 'right' },
    ];
    ensureSpace(60);
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLOR.accent)
      .text(t('quotes.other_concepts'), MARGIN, doc.y, { width: CONTENT });
    doc.moveDown(0.3);
    row(
      conceptColumns,
      [t('quotes.concept'), t('quotes.quantity'), t('quotes.unit_price'), t('quotes.columns.total')],
      { font: FONT.bold, size: 8.5, fill: COLOR.band, color: COLOR.muted },
    );
    for (const c of q.otherConcepts) {
      row(conceptColumns, [c.concept, formatQuantity(c.quantity, locale), money(c.price), money(c.total)]);
      rule(doc.y, COLOR.band, 0.5);
    }
    doc.y += 14;
  }

  // Totals, right-aligned.
  const tt = q.totals;
  const totalsX = MARGIN + CONTENT - 260;
  const totalsColumns: Column[] = [
    { width: 160, align: 'left' },
    { width: 100, align: 'right' },
  ];
  const totalLines: Array<[string, string]> = [[t('quotes.totals.base_price'), money(tt.basePrice)]];
  if (!isZero(tt.discountAmount) || !isZero(tt.discountPercentage))
    totalLines.push([
      t('quotes.totals.discount', { percent: formatPercent(tt.discountPercentage, locale) }),
      money(negative(tt.discountAmount)),
    ]);
  if (!isZero(tt.otherPrices) || q.otherConcepts.length)
    totalLines.push([t('quotes.totals.other_prices'), money(tt.otherPrices)]);
  totalLines.push([t('quotes.totals.untaxed'), money(tt.untaxed)]);
  totalLines.push(
    tt.taxName
      ? [
          t('quotes.totals.tax', { name: tt.taxName, percent: formatPercent(tt.taxPercentage, locale) }),
          money(tt.taxes),
        ]
      : [t('quotes.totals.no_tax'), money('0.00')],
  );
  ensureSpace(16 * (totalLines.length + 3));
  for (const [label, value] of totalLines) row(totalsColumns, [label, value], { x: totalsX });
  doc
    .moveTo(totalsX, doc.y)
    .lineTo(MARGIN + CONTENT, doc.y)
    .lineWidth(0.8)
    .strokeColor(COLOR.text)
    .stroke();
  row(totalsColumns, [t('quotes.totals.total'), money(tt.taxedPrice)], { x: totalsX, font: FONT.bold });
  doc.y += 3;
  row(totalsColumns, [t('quotes.totals.amount_to_pay'), money(tt.amountToPay)], {
    x: totalsX,
    font: FONT.bold,
    size: 10.5,
    fill: COLOR.accent,
    color: '#ffffff',
  });
  doc.y += 16;

  // Delivery date and notes.
  ensureSpace(70);
  const deliveryLabel = q.delivery.ifApprovedToday
    ? t('quotes.delivery_if_approved')
    : t('quotes.delivery_date');
  const deliveryValue = q.delivery.date
    ? t('quotes.end_of_day', { date: formatDate(q.delivery.date, locale) })
    : t('quotes.delivery_pending');
  doc.font(FONT.bold).fontSize(10).fillColor(COLOR.text).text(`${deliveryLabel}: `, MARGIN, doc.y, {
    width: CONTENT,
    continued: true,
  });
  doc.font(FONT.regular).text(deliveryValue);
  doc.moveDown(0.8);
  doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
  for (const note of ['quotes.notes.euros', 'quotes.notes.words', 'quotes.notes.validity'])
    doc.text(t(note), MARGIN, doc.y, { width: CONTENT });

  // Footer with page numbers on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 45;
    rule(y - 6, COLOR.rule, 0.5);
    doc
      .font(FONT.regular)
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(`${q.brand.name} · ${q.brand.address}`, MARGIN, y, { width: CONTENT - 90, lineBreak: false });
    doc.text(t('quotes.page', { page: i - range.start + 1, pages: range.count }), MARGIN + CONTENT - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}

/** Quantities of other concepts have 2 decimals; whole ones are shown without them. */
const formatQuantity = (quantity: string, locale: Locale) =>
  formatDecimal(quantity, locale, /\.\d*[1-9]/.test(quantity) ? 2 : 0);
