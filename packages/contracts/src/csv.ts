/**
 * CSV as RFC 4180 writes it (comma, CRLF, quotes doubled), safe to open in a spreadsheet: a cell
 * that starts like a formula (=, +, -, @, tab, carriage return) gets a leading apostrophe, so it is
 * shown as text and never evaluated (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to one CSV text, with a byte-order mark so spreadsheets read it as UTF-8. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
