import type { Translate } from '../../../lib/i18n.ts';
import { formatDate, formatInteger, formatPercent } from '../../../lib/format.ts';
import {
  COLOR,
  CONTENT,
  FONT,
  HALF_WIDTH,
  HEAD_ROW,
  MARGIN,
  RIGHT_X,
  blockHeading,
  drawFooters,
  drawHeader,
  drawTotals,
  ensureSpace,
  field,
  moneyIn,
  openPdf,
  rule,
  tableRow,
  type Column,
  type Pdf,
} from '../../../lib/pdf/index.ts';
import { qrImage } from '../verifactu/qr.ts';
import type { InvoiceData } from './invoice-data.ts';

const day = (iso: string, locale: InvoiceData['locale']) => formatDate(new Date(`${iso}T12:00:00Z`), locale);

const LINE_COLUMNS: Column[] = [
  { width: 70, align: 'left' },
  { width: 185, align: 'left' },
  { width: 90, align: 'left' },
  { width: 60, align: 'right' },
  { width: CONTENT - 405, align: 'right' },
];

/** The provider (left) and the customer (right). */
function drawParties(doc: Pdf, q: InvoiceData, t: Translate): void {
  const top = doc.y;
  blockHeading(doc, t('invoices.pdf.provider'), MARGIN, HALF_WIDTH);
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(COLOR.text)
    .text(q.brand.name, MARGIN, doc.y, { width: HALF_WIDTH });
  doc.moveDown(0.15);
  if (q.brand.taxId) field(doc, t('invoices.pdf.tax_id'), q.brand.taxId, MARGIN, HALF_WIDTH);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.text)
    .text(q.brand.address, MARGIN, doc.y, { width: HALF_WIDTH });
  const leftBottom = doc.y;

  doc.y = top;
  const c = q.customer;
  blockHeading(doc, t('invoices.pdf.customer'), RIGHT_X, HALF_WIDTH);
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(COLOR.text)
    .text(c.enterprise, RIGHT_X, doc.y, { width: HALF_WIDTH });
  doc.moveDown(0.15);
  if (c.tin) field(doc, t('invoices.pdf.tax_id'), c.tin, RIGHT_X, HALF_WIDTH);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
  for (const line of [...c.addressLines, c.country]) doc.text(line, RIGHT_X, doc.y, { width: HALF_WIDTH });
  if (c.phone) field(doc, t('invoices.pdf.phone'), c.phone, RIGHT_X, HALF_WIDTH);
  if (c.email) field(doc, t('invoices.pdf.email'), c.email, RIGHT_X, HALF_WIDTH);
  doc.y = Math.max(doc.y, leftBottom) + 18;
  doc.x = MARGIN;
}

/** One line per task: number, name, languages, words, amount. */
function drawLines(doc: Pdf, q: InvoiceData, t: Translate): void {
  const money = moneyIn(q.locale);
  tableRow(
    doc,
    LINE_COLUMNS,
    [
      t('invoices.pdf.task'),
      t('invoices.pdf.name'),
      t('invoices.pdf.languages'),
      t('invoices.pdf.words'),
      t('invoices.pdf.amount'),
    ],
    HEAD_ROW,
  );
  for (const line of q.lines) {
    // The client's PO number and reference under the name: accounts payable match the line by them.
    const references = [
      line.po_number ? t('invoices.pdf.po_number', { po: line.po_number }) : null,
      line.client_reference ? t('invoices.pdf.client_reference', { reference: line.client_reference }) : null,
    ].filter(Boolean);
    tableRow(doc, LINE_COLUMNS, [
      line.code,
      [line.description, ...references].join('\n'),
      // Helvetica's WinAnsi has no arrow: the PDF writes "en » es, fr".
      line.languages.replace(/→/g, '»'),
      formatInteger(line.words, q.locale),
      money(line.amount),
    ]);
    rule(doc, doc.y, COLOR.band, 0.5);
  }
  doc.y += 14;
}

/** Paid (the amount received, and when, dated like the issue date) or the amount still due. */
function paymentLine(q: InvoiceData, t: Translate): [string, string] {
  const money = moneyIn(q.locale);
  if (q.payment.status === 'paid')
    return [
      q.payment.paidAt
        ? t('invoices.pdf.paid_on', { date: day(q.payment.paidAt, q.locale) })
        : t('invoices.pdf.paid'),
      money(q.total),
    ];
  return [t('invoices.pdf.amount_due'), money(q.total)];
}

/**
 * At the top of the first page, before anything else (as the AEAT asks): the QR code with the
 * "VERI*FACTU" mark above it and the sentence about the AEAT's e-office beside it. Returns where
 * the letterhead starts.
 */
async function drawVerifactu(doc: Pdf, url: string, t: Translate): Promise<number> {
  const { png, widthPt } = await qrImage(url);
  doc.font(FONT.bold).fontSize(9).fillColor(COLOR.text);
  doc.text(t('invoices.pdf.verifactu_mode'), MARGIN, MARGIN, { width: widthPt, align: 'center' });
  const qrTop = doc.y + 2;
  doc.image(png, MARGIN, qrTop, { width: widthPt });
  doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
  doc.text(t('invoices.pdf.verifactu_legend'), MARGIN + widthPt + 8, qrTop + widthPt / 2 - 10, {
    width: 170,
  });
  return qrTop + widthPt + 12;
}

/** Renders the invoice as an A4 PDF, buffered. */
export async function renderInvoicePdf(q: InvoiceData, t: Translate): Promise<Buffer> {
  const title = `${t(q.corrective ? 'invoices.pdf.corrective_title' : 'invoices.pdf.title')} ${q.folio}`;
  const { doc, bytes } = openPdf({
    locale: q.locale,
    title,
    author: q.brand.name,
    subject: q.customer.enterprise,
  });
  const money = moneyIn(q.locale);
  const headerLines: Array<[string, string]> = [[t('invoices.pdf.issued'), day(q.issuedAt, q.locale)]];
  if (q.rectifies) headerLines.push([t('invoices.pdf.rectifies'), q.rectifies]);
  const top = q.verifactu ? await drawVerifactu(doc, q.verifactu.qrUrl, t) : MARGIN;
  drawHeader(doc, q.brand, title, headerLines, top);
  drawParties(doc, q, t);
  if (q.reason) {
    field(doc, t('invoices.pdf.reason'), q.reason, MARGIN, CONTENT, { size: 9.5, labelColor: COLOR.text });
    doc.moveDown(0.8);
  }
  drawLines(doc, q, t);
  drawTotals(
    doc,
    [
      [t('invoices.pdf.base'), money(q.base)],
      q.taxOption === 'IVA'
        ? [t('invoices.pdf.tax', { percent: formatPercent(q.taxPercentage, q.locale) }), money(q.tax)]
        : [t('invoices.pdf.no_tax'), money('0.00')],
    ],
    [t('invoices.pdf.total'), money(q.total)],
    paymentLine(q, t),
  );
  ensureSpace(doc, 60);
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.text);
  const terms =
    q.payment.status === 'paid'
      ? t('invoices.pdf.paid_note', {
          method: q.payment.method === 'card' ? t('invoices.pdf.card') : (q.payment.method ?? '—'),
        })
      : t('invoices.pdf.terms');
  doc.text(terms, MARGIN, doc.y, { width: CONTENT });
  if (q.taxOption === 'NONE') doc.text(t('invoices.pdf.no_tax_note'), MARGIN, doc.y, { width: CONTENT });
  doc.moveDown(0.6);
  doc.font(FONT.regular).fontSize(7).fillColor(COLOR.muted);
  doc.text(`${t('invoices.pdf.hash')}: ${q.hash}`, MARGIN, doc.y, { width: CONTENT });
  drawFooters(doc, q.brand, (page, pages) => t('invoices.pdf.page', { page, pages }));
  doc.end();
  return bytes;
}
