import { issueMessage, rateR1Field, rateR2Field, type RateImportDto } from '@verba/contracts';
import { invalid, type FieldMessages } from '../../../lib/app-error.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../../lib/service.ts';
import { requestQuoteRecalculation } from '../../../lib/quote-recalculation.ts';
import {
  MAX_IMPORT_ROWS,
  TooManyRowsError,
  ZipBombError,
  readRatesWorkbook,
  readRatesXls,
  sniffFile,
  writeRatesWorkbook,
  type CellValue,
} from '../excel.ts';
import { exportRates } from '../repository/rates.ts';
import {
  importRates as saveImportedRates,
  languagesByIsoCode,
  type ImportRow,
} from '../repository/rate-writes.ts';
import { existingCustomer, readableCustomer } from './customer-scope.ts';
import { isUniqueViolation } from '../../../db/errors.ts';

/** The rates of a list as an Excel workbook, and that workbook back (spec part 2 §7). */

export const headerRow = (t: Translate): [string, string, string, string] => [
  t('rates.columns.source'),
  t('rates.columns.target'),
  t('rates.columns.r1'),
  t('rates.columns.r2'),
];

export async function exportCustomerRates(deps: Deps, actor: Actor, customerId: number) {
  await readableCustomer(deps, actor, customerId, 'read-customer-rates');
  return writeRatesWorkbook(headerRow(actor.t), await exportRates(deps.db, customerId));
}

/** The general rates as a workbook in the import format (the admin's general rates screen). */
export async function exportGeneralRates(deps: Deps, actor: Actor) {
  return writeRatesWorkbook(headerRow(actor.t), await exportRates(deps.db, null));
}

export const ratesTemplate = (actor: Actor) => writeRatesWorkbook(headerRow(actor.t), []);

const fileError = (key: string, values?: Record<string, unknown>) =>
  invalid({ file: [values ? { key, values } : key] });

const code = (cell: CellValue) => (cell === null ? null : String(cell).trim().toLowerCase());

export interface UploadedFile {
  filename: string;
  buffer: Buffer;
}

/**
 * Imports an .xlsx or .xls of rates into a customer's own rates, or with `customerId` null into the
 * general rates: every row is checked first; one bad row and nothing is written (422 naming each
 * row). Pairs the list already has are updated, others created. `file` null: none was sent.
 */
export async function importRates(
  deps: Deps,
  actor: Actor,
  customerId: number | null,
  file: UploadedFile | null,
): Promise<Outcome<RateImportDto>> {
  const customer = customerId === null ? null : await existingCustomer(deps, customerId);
  if (!file) throw fileError('rates.import.file_required');
  const ext = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  const kind = sniffFile(file.buffer);
  // Either extension is fine for either format (an .xls renamed .xlsx still opens in Excel).
  if (kind === 'other' || (ext !== 'xlsx' && ext !== 'xls')) throw fileError('rates.import.file_type');

  let sheetRows;
  try {
    sheetRows = kind === 'xlsx' ? await readRatesWorkbook(file.buffer) : readRatesXls(file.buffer);
  } catch (err) {
    if (err instanceof TooManyRowsError)
      throw fileError('rates.import.too_many_rows', { max: MAX_IMPORT_ROWS });
    if (err instanceof ZipBombError) throw fileError('rates.import.too_big_unpacked');
    throw fileError('rates.import.unreadable');
  }
  if (!sheetRows.length) throw fileError('rates.import.empty');

  const isoToId = await languagesByIsoCode(deps.db);
  const errors: FieldMessages = {};
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  for (const { row, cells } of sheetRows) {
    const messages: FieldMessages[string] = [];
    const [sourceCell, targetCell, r1Cell, r2Cell] = cells;
    const sourceCode = code(sourceCell);
    const targetCode = code(targetCell);
    const source = sourceCode === null ? undefined : isoToId.get(sourceCode);
    const target = targetCode === null ? undefined : isoToId.get(targetCode);
    if (sourceCode === null || targetCode === null) messages.push('validation.rates.languages_required');
    if (sourceCode !== null && source === undefined)
      messages.push({ key: 'rates.import.unknown_language', values: { code: String(sourceCell) } });
    if (targetCode !== null && target === undefined)
      messages.push({ key: 'rates.import.unknown_language', values: { code: String(targetCell) } });
    if (source !== undefined && source === target) messages.push('validation.rates.languages_different');
    const r1 = rateR1Field.safeParse(r1Cell);
    const r2 = rateR2Field.safeParse(r2Cell);
    for (const result of [r1, r2])
      if (!result.success) for (const issue of result.error.issues) messages.push(issueMessage(issue));
    if (source !== undefined && target !== undefined && source !== target) {
      const key = `${source}:${target}`;
      const first = seen.get(key);
      if (first !== undefined) messages.push({ key: 'rates.import.duplicate_row', values: { row: first } });
      else seen.set(key, row);
    }
    if (messages.length || !r1.success || !r2.success || source === undefined || target === undefined) {
      errors[`row ${row}`] = messages;
      continue;
    }
    rows.push({ source_lang: source, target_lang: target, r1: r1.data, r2: r2.data });
  }
  if (Object.keys(errors).length) throw invalid(errors, 'rates.import.invalid_rows');

  let result: { created: number; updated: number };
  try {
    result = await saveImportedRates(deps.db, customerId, rows, actor.user.id);
  } catch (err) {
    // someone added one of these pairs meanwhile: nothing was written, the user may retry
    if (isUniqueViolation(err)) throw fileError('validation.rates.pair_taken');
    throw err;
  }
  await requestQuoteRecalculation(deps, { customerId, cause: `rates imported from ${file.filename}` });
  return outcome(
    { ...result, message: actor.t('rates.import.imported', result) },
    {
      key: customer ? 'rates.imported_customer' : 'rates.imported',
      params: {
        count: rows.length,
        name: customer?.name ?? '',
        file: file.filename,
        created: result.created,
        updated: result.updated,
      },
      customerId,
    },
  );
}
