import type { Translate } from './i18n.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A plain mail: greeting, paragraphs, the signature of `brand` (`config.brand.name`); text and HTML alike. */
export function composeMail(
  t: Translate,
  brand: string,
  name: string,
  paragraphs: string[],
): { text: string; html: string } {
  const lines = [t('mail.greeting', { name }), ...paragraphs, t('mail.signature', { brand })];
  const linkify = (line: string) =>
    escapeHtml(line).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
  return {
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f2933">${lines
      .map((line) => `<p>${linkify(line)}</p>`)
      .join('')}</body></html>`,
  };
}
