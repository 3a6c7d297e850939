import type { Translate } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/format.ts';
import { drawFooters, drawHeader, drawTotals, moneyIn, openPdf } from '../../../lib/pdf/index.ts';
import type { QuoteData } from './quote-data.ts';
import {
  drawDeliveryAndNotes,
  drawLanguage,
  drawOtherConcepts,
  drawParties,
  totalLines,
} from './sections.ts';

/** Renders the quote as an A4 PDF, buffered (a quote is a few pages at most). */
export function renderQuotePdf(q: QuoteData, t: Translate): Promise<Buffer> {
  const title = `${t('quotes.title')} ${q.code}`;
  const { doc, bytes } = openPdf({ locale: q.locale, title, author: q.brand.name, subject: q.project.name });
  const money = moneyIn(q.locale);

  drawHeader(doc, q.brand, title, [
    [t('quotes.issued'), formatDate(q.issuedAt, q.locale)],
    [t('quotes.valid_until'), t('quotes.end_of_day', { date: formatDate(q.validUntil, q.locale) })],
  ]);
  drawParties(doc, q, t);
  for (const language of q.languages) drawLanguage(doc, language, q.locale, t);
  drawOtherConcepts(doc, q, t);
  drawTotals(
    doc,
    totalLines(q, t),
    [t('quotes.totals.total'), money(q.totals.taxedPrice)],
    [t('quotes.totals.amount_to_pay'), money(q.totals.amountToPay)],
  );
  drawDeliveryAndNotes(doc, q, t);
  drawFooters(doc, q.brand, (page, pages) => t('quotes.page', { page, pages }));
  doc.end();
  return bytes;
}
