import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isStaff,
  issueMessage,
  rateR1Field,
  rateR2Field,
  type EffectiveRateDto,
  type HolidayInput,
  type MinimumRatesInput,
  type Paginated,
  type PayableGridInput,
  type RateStoreInput,
  type RateUpdateInput,
} from '@verba/contracts';
import { pricePerTranslationType } from '@verba/contracts/pricing';
import { forbidden, invalid, notFound, type FieldMessages } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import { assertCanReadCustomerRates, seesRateAudit, type CustomerReadRule } from './policy.ts';
import {
  MAX_IMPORT_ROWS,
  TooManyRowsError,
  ZipBombError,
  readRatesWorkbook,
  readRatesXls,
  sniffFile,
  writeRatesWorkbook,
  type CellValue,
} from './excel.ts';

/** Rates of a customer: staff read them for the customer page; a client admin with show_rates. */
export const READ_CUSTOMER_RATES: CustomerReadRule = { staff: 'customers:view', requireShowRates: true };
/** Minimum rates: VERBA_ADMIN, or a client admin for its own customer. */
export const READ_MINIMUM_RATES: CustomerReadRule = { staff: 'rates:manage', requireShowRates: false };

async function readableCustomer(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  rule: CustomerReadRule,
) {
  const customer = await repo.findCustomer(app.db, id);
  assertCanReadCustomerRates(request.user, id, customer, rule);
  return customer as NonNullable<typeof customer>;
}

async function existingCustomer(app: FastifyInstance, id: number) {
  const customer = await repo.findCustomer(app.db, id);
  if (!customer) throw notFound();
  return customer;
}

const listOptions = (request: FastifyRequest, page: repo.Page) => ({
  locale: request.locale,
  withAudit: seesRateAudit(request.user),
  page: { page: page.page, per_page: page.per_page },
});

// ---------------------------------------------------------------- reading

export async function listGeneralRates(app: FastifyInstance, request: FastifyRequest, page: repo.Page) {
  // The general list is the staff's (admin's general rates screen, PM's customer page).
  if (!request.user || !isStaff(request.user.type)) throw forbidden();
  return repo.listGeneralRates(app.db, listOptions(request, page));
}

export async function listCustomerRates(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number,
  page: repo.Page,
) {
  await readableCustomer(app, request, customerId, READ_CUSTOMER_RATES);
  return repo.listCustomerRates(app.db, customerId, listOptions(request, page));
}

/** What the customer pays per pair (own rate, else an enabled general one) with the price per type. */
export async function listEffectiveRates(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number,
  page: repo.Page,
): Promise<Paginated<EffectiveRateDto>> {
  await readableCustomer(app, request, customerId, READ_CUSTOMER_RATES);
  const list = await repo.listEffectiveRates(app.db, customerId, listOptions(request, page));
  const types = await repo.listTranslationTypes(app.db);
  return {
    ...list,
    data: list.data.map((rate) => ({
      ...rate,
      prices: types.map((type) => ({
        translation_type_id: type.id,
        name: type[`name_${request.locale}`],
        percent: type.percent,
        price: pricePerTranslationType(rate.r1, type.percent),
      })),
    })),
  };
}

export async function listEnabledRates(app: FastifyInstance, request: FastifyRequest, customerId: number) {
  await readableCustomer(app, request, customerId, READ_CUSTOMER_RATES);
  return repo.listEnabledGeneralRates(app.db, customerId, {
    locale: request.locale,
    withAudit: seesRateAudit(request.user),
  });
}

/**
 * Whose rates the language pickers use: a client's own customer (always), or for staff the
 * customer asked for, else the general list.
 */
async function languageScope(app: FastifyInstance, request: FastifyRequest, customerId?: number) {
  const user = request.user;
  if (!user) throw forbidden();
  if (user.customer_id !== null) {
    if (customerId !== undefined && customerId !== user.customer_id) throw notFound();
    return user.customer_id;
  }
  if (customerId === undefined) return null;
  await existingCustomer(app, customerId);
  return customerId;
}

export async function rateSources(app: FastifyInstance, request: FastifyRequest, customerId?: number) {
  const scope = await languageScope(app, request, customerId);
  return repo.rateSourceLanguages(app.db, scope, request.locale);
}

export async function rateTargets(
  app: FastifyInstance,
  request: FastifyRequest,
  sourceId: number,
  customerId?: number,
) {
  const scope = await languageScope(app, request, customerId);
  return repo.rateTargetLanguages(app.db, scope, sourceId, request.locale);
}

// ---------------------------------------------------------------- writing

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

const pairTakenError = () => invalid({ target_lang: ['validation.rates.pair_taken'] });

async function checkPair(
  app: FastifyInstance,
  customerId: number | null,
  source: number,
  target: number,
  exceptId?: number,
) {
  const found = await repo.languagesByIds(app.db, [source, target]);
  const fields: FieldMessages = {};
  if (!found.some((l) => l.id === source)) fields.source_lang = ['validation.invalid_option'];
  if (!found.some((l) => l.id === target)) fields.target_lang = ['validation.invalid_option'];
  if (Object.keys(fields).length) throw invalid(fields);
  if (await repo.pairTaken(app.db, { customerId }, source, target, exceptId)) throw pairTakenError();
  return {
    source: found.find((l) => l.id === source)?.iso_code ?? '',
    target: found.find((l) => l.id === target)?.iso_code ?? '',
  };
}

/** Zod let nulls through so every message could be reported; after it they are numbers. */
const pair = (input: { source_lang: number | null; target_lang: number | null }) => ({
  source: input.source_lang ?? 0,
  target: input.target_lang ?? 0,
});

export async function createRate(app: FastifyInstance, request: FastifyRequest, input: RateStoreInput) {
  const customerId = typeof input.customer_id === 'number' ? input.customer_id : null;
  let customerName: string | null = null;
  if (customerId !== null) {
    const customer = await repo.findCustomer(app.db, customerId);
    if (!customer) throw invalid({ customer_id: ['validation.invalid_option'] });
    customerName = customer.name;
  }
  const { source, target } = pair(input);
  const codes = await checkPair(app, customerId, source, target);
  let row: repo.RateRow;
  try {
    row = await repo.insertRate(app.db, {
      customer_id: customerId,
      source_lang: source,
      target_lang: target,
      r1: input.r1,
      r2: input.r2,
      enabled: input.enabled ?? true,
      updated_by: request.user?.id ?? null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw pairTakenError();
    throw err;
  }
  request.actionLog = {
    description: `Created ${customerName ? `${customerName}'s` : 'general'} rate ${codes.source}>${codes.target} (r1 ${input.r1}, r2 ${input.r2})`,
    customerId,
  };
  return repo.findRateDto(app.db, row.id, request.locale, true);
}

export async function updateRate(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  input: RateUpdateInput,
) {
  const existing = await repo.findRate(app.db, id);
  if (!existing) throw notFound();
  const { source, target } = pair(input);
  const codes = await checkPair(app, existing.customer_id, source, target, id);
  try {
    await repo.updateRate(app.db, id, {
      source_lang: source,
      target_lang: target,
      r1: input.r1,
      r2: input.r2,
      enabled: input.enabled,
      updated_by: request.user?.id ?? null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw pairTakenError();
    throw err;
  }
  request.actionLog = {
    description: `Updated ${existing.customer_id === null ? 'general' : 'customer'} rate #${id} ${codes.source}>${codes.target} (r1 ${existing.r1} -> ${input.r1}, r2 ${existing.r2} -> ${input.r2})`,
    customerId: existing.customer_id,
  };
  return repo.findRateDto(app.db, id, request.locale, true);
}

/** Deletes a rate; with `customerId`, only one of that customer's. */
export async function deleteRate(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  customerId?: number,
) {
  if (customerId !== undefined) await existingCustomer(app, customerId);
  const dto = await repo.findRateDto(app.db, id, request.locale, true);
  if (!dto || (customerId !== undefined && dto.customer_id !== customerId)) throw notFound();
  await repo.deleteRate(app.db, id);
  request.actionLog = {
    description: `Deleted ${dto.customer_id === null ? 'general' : 'customer'} rate #${id} ${dto.source_language.iso_code}>${dto.target_language.iso_code}`,
    customerId: dto.customer_id,
  };
  return { deleted: true, id };
}

async function generalRateOf(app: FastifyInstance, rateId: number) {
  const rate = await repo.findRate(app.db, rateId);
  if (!rate || !rate.default_group) throw notFound();
  return rate;
}

export async function enableRate(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number,
  rateId: number,
) {
  const customer = await existingCustomer(app, customerId);
  await generalRateOf(app, rateId);
  const changed = await repo.enableRate(app.db, customerId, rateId);
  request.actionLog = {
    description: `Enabled general rate #${rateId} for ${customer.name}${changed ? '' : ' (already enabled)'}`,
    customerId,
  };
  return { customer_id: customerId, rate_id: rateId, enabled: true };
}

export async function disableRate(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number,
  rateId: number,
) {
  const customer = await existingCustomer(app, customerId);
  await generalRateOf(app, rateId);
  const changed = await repo.disableRate(app.db, customerId, rateId);
  request.actionLog = {
    description: `Disabled general rate #${rateId} for ${customer.name}${changed ? '' : ' (was not enabled)'}`,
    customerId,
  };
  return { customer_id: customerId, rate_id: rateId, enabled: false };
}

// ---------------------------------------------------------------- Excel

export const headerRow = (request: FastifyRequest): [string, string, string, string] => [
  request.t('rates.columns.source'),
  request.t('rates.columns.target'),
  request.t('rates.columns.r1'),
  request.t('rates.columns.r2'),
];

export async function exportCustomerRates(app: FastifyInstance, request: FastifyRequest, customerId: number) {
  await readableCustomer(app, request, customerId, READ_CUSTOMER_RATES);
  return writeRatesWorkbook(headerRow(request), await repo.exportRates(app.db, customerId));
}

/** The general rates as a workbook in the import format (the admin's general rates screen). */
export async function exportGeneralRates(app: FastifyInstance, request: FastifyRequest) {
  return writeRatesWorkbook(headerRow(request), await repo.exportRates(app.db, null));
}

export const ratesTemplate = (request: FastifyRequest) => writeRatesWorkbook(headerRow(request), []);

const fileError = (key: string, values?: Record<string, unknown>) =>
  invalid({ file: [values ? { key, values } : key] });

const code = (cell: CellValue) => (cell === null ? null : String(cell).trim().toLowerCase());

/**
 * Imports an .xlsx or .xls of rates into a customer's own rates, or with `customerId` null into the
 * general rates: every row is checked first; one bad row and nothing is written (422 naming each
 * row). Pairs the list already has are updated, others created.
 */
export async function importRates(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number | null,
  file: { filename: string; buffer: Buffer } | null,
) {
  const customer = customerId === null ? null : await existingCustomer(app, customerId);
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

  const isoToId = await repo.languagesByIsoCode(app.db);
  const errors: FieldMessages = {};
  const seen = new Map<string, number>();
  const rows: repo.ImportRow[] = [];
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
    result = await repo.importRates(app.db, customerId, rows, request.user?.id ?? null);
  } catch (err) {
    // someone added one of these pairs meanwhile: nothing was written, the user may retry
    if (isUniqueViolation(err)) throw fileError('validation.rates.pair_taken');
    throw err;
  }
  request.actionLog = {
    description: `Imported ${rows.length} ${customer ? `rates for ${customer.name}` : 'general rates'} from ${file.filename} (${result.created} created, ${result.updated} updated)`,
    customerId,
  };
  return { ...result, message: request.t('rates.import.imported', result) };
}

// ---------------------------------------------------------------- minimum rates

export async function getMinimumRates(app: FastifyInstance, request: FastifyRequest, customerId: number) {
  const customer = await readableCustomer(app, request, customerId, READ_MINIMUM_RATES);
  const stored = await repo.listMinimumRates(app.db, customerId);
  const types = await repo.listTranslationTypes(app.db);
  return {
    customer_id: customerId,
    customer_minimum_rates: customer.minimum_rates,
    minimum_rates: types.map((type) => {
      const row = stored.find((m) => m.translation_type_id === type.id);
      return {
        translation_type_id: type.id,
        name: type[`name_${request.locale}`],
        hour: row?.hour ?? '0.00',
        amount: row?.amount ?? '0.00',
      };
    }),
  };
}

export async function saveMinimumRates(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number,
  input: MinimumRatesInput,
) {
  const customer = await existingCustomer(app, customerId);
  const typeIds = new Set((await repo.listTranslationTypes(app.db)).map((t) => t.id));
  if (input.minimum_rates.some((m) => !typeIds.has(m.translation_type_id)))
    throw invalid({ 'minimum_rates.translation_type_id': ['validation.invalid_option'] });
  await repo.saveMinimumRates(app.db, customerId, input.customer_minimum_rates, input.minimum_rates);
  request.actionLog = {
    description: `Minimum rates of ${customer.name} ${input.customer_minimum_rates ? 'on' : 'off'}: ${input.minimum_rates
      .map((m) => `type ${m.translation_type_id} ${m.hour} h / ${m.amount} EUR`)
      .join(', ')}`,
    customerId,
  };
  return getMinimumRates(app, request, customerId);
}

// ---------------------------------------------------------------- payable grid

export async function getGlobalGrid(app: FastifyInstance) {
  return { customer_id: null, custom: false, grid: await repo.globalGrid(app.db) };
}

export async function getCustomerGrid(app: FastifyInstance, customerId: number) {
  await existingCustomer(app, customerId);
  const own = await repo.customerGrid(app.db, customerId);
  return { customer_id: customerId, custom: own !== null, grid: own ?? (await repo.globalGrid(app.db)) };
}

export async function saveGlobalGrid(app: FastifyInstance, request: FastifyRequest, input: PayableGridInput) {
  await repo.saveGlobalGrid(app.db, input);
  request.actionLog = { description: 'Updated the global payable grid', customerId: null };
  return getGlobalGrid(app);
}

export async function saveCustomerGrid(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number,
  input: PayableGridInput,
) {
  const customer = await existingCustomer(app, customerId);
  await repo.saveCustomerGrid(app.db, customerId, input);
  request.actionLog = { description: `Set a payable grid of its own for ${customer.name}`, customerId };
  return getCustomerGrid(app, customerId);
}

export async function deleteCustomerGrid(app: FastifyInstance, request: FastifyRequest, customerId: number) {
  const customer = await existingCustomer(app, customerId);
  const had = await repo.deleteCustomerGrid(app.db, customerId);
  request.actionLog = {
    description: `${customer.name} back to the global payable grid${had ? '' : ' (it had none of its own)'}`,
    customerId,
  };
  return getCustomerGrid(app, customerId);
}

// ---------------------------------------------------------------- holidays

export async function addHoliday(app: FastifyInstance, request: FastifyRequest, input: HolidayInput) {
  const { lang: _lang, ...values } = input;
  if (!(await repo.insertHoliday(app.db, values)))
    throw invalid({ date: ['validation.rates.holiday_taken'] });
  request.actionLog = {
    description: `Added holiday ${values.date} (${values.region}) ${values.name_en}`,
    customerId: null,
  };
  return values;
}

export async function removeHoliday(
  app: FastifyInstance,
  request: FastifyRequest,
  date: string,
  region: string,
) {
  const row = await repo.deleteHoliday(app.db, date, region.toUpperCase());
  if (!row) throw notFound();
  request.actionLog = {
    description: `Deleted holiday ${row.date} (${row.region}) ${row.name_en}`,
    customerId: null,
  };
  return { deleted: true };
}

/** The module's public surface for other modules (their repositories stay private). */
export { effectiveRate, minimumRateFor, payableGridFor } from './repository.ts';
