/**
 * A `Content-Disposition: attachment` value (RFC 6266): an ASCII `filename` fallback for old
 * clients, and the exact name as UTF-8 in `filename*` (RFC 5987), which browsers prefer.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** Percent-encodes all but RFC 5987's attr-char (encodeURIComponent leaves ' ( ) * ! unescaped). */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
