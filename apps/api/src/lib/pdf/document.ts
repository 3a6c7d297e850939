import PDFDocument from 'pdfkit';
import type { Locale } from '@verba/contracts';

/** A4 in points, the margins and the house style of every document the API prints. */
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const CONTENT = PAGE.width - 2 * MARGIN;
/** Content stops here; the footer lives below. */
export const BOTTOM = PAGE.height - 70;
export const COLOR = {
  text: '#1f2933',
  muted: '#5f6b7a',
  accent: '#1d4f7c',
  rule: '#c9d2dc',
  band: '#eef2f6',
  warning: '#9a3412',
  inverse: '#ffffff',
};
/** pdfkit's built-in Helvetica: WinAnsi covers es/ca letters, "l·l" and "€". */
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

export type Pdf = PDFKit.PDFDocument;

export interface PdfInfo {
  locale: Locale;
  title: string;
  author: string;
  subject: string;
}

/**
 * An A4 document with pages kept in memory (so the footer can number them at the end), and the
 * promise of its bytes once `doc.end()` is called. Our documents are a few pages at most.
 */
export function openPdf(info: PdfInfo): { doc: Pdf; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: PAGE.height - BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' }[info.locale],
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Starts a new page when `height` more points would run into the footer. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

/** A horizontal line at `y`, across the content unless `from`/`to` say otherwise. */
export function rule(
  doc: Pdf,
  y: number,
  color = COLOR.rule,
  width = 0.7,
  from = MARGIN,
  to = MARGIN + CONTENT,
) {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke();
}
