/**
 * The one CSV writer: RFC 4180 (comma, CRLF, quotes doubled), safe to open in a spreadsheet. A cell
 * that starts like a formula (=, +, -, @, tab, carriage return) gets a leading apostrophe, so it is
 * shown as text and never evaluated (OWASP "CSV injection"); a plain number such as -12.50 (a
 * rectifying invoice's amount) is no formula and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

type Cell = string | number | null | undefined;

export function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row, CRLF included (for exports written row by row). */
export const csvLine = (row: ReadonlyArray<Cell>): string => `${row.map(csvCell).join(',')}\r\n`;

/** The byte-order mark that makes spreadsheets read a CSV as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** Rows to one CSV text, after a byte-order mark. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<Cell>>): string {
  return `${CSV_BOM}${rows.map(csvLine).join('')}`;
}
