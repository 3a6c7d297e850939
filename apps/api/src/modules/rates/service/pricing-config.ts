import type {
  GeneralMinimumRatesDto,
  GeneralMinimumRatesInput,
  MinimumRatesDto,
  MinimumRatesInput,
  PayableGridDto,
  PayableGridInput,
} from '@verba/contracts';
import { invalid } from '../../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../../lib/service.ts';
import { requestQuoteRecalculation } from '../../../lib/quote-recalculation.ts';
import * as repo from '../repository/pricing-config.ts';
import { existingCustomer, readableCustomer } from './customer-scope.ts';

/** A customer's minimum charges per translation type, and the payable grids (spec part 2 §5). */

// ---------------------------------------------------------------- minimum rates

export async function getMinimumRates(
  deps: Deps,
  actor: Actor,
  customerId: number,
): Promise<MinimumRatesDto> {
  const customer = await readableCustomer(deps, actor, customerId, 'read-minimum-rates');
  const stored = await repo.listMinimumRates(deps.db, customerId);
  const types = await repo.listTranslationTypes(deps.db);
  return {
    customer_id: customerId,
    customer_minimum_rates: customer.minimum_rates,
    minimum_rates: types.map((type) => {
      const row = stored.find((m) => m.translation_type_id === type.id);
      return {
        translation_type_id: type.id,
        name: type[`name_${actor.locale}`],
        hour: row?.hour ?? '0.00',
        amount: row?.amount ?? '0.00',
      };
    }),
  };
}

export async function saveMinimumRates(
  deps: Deps,
  actor: Actor,
  customerId: number,
  input: MinimumRatesInput,
): Promise<Outcome<MinimumRatesDto>> {
  const customer = await existingCustomer(deps, customerId);
  const typeIds = new Set((await repo.listTranslationTypes(deps.db)).map((t) => t.id));
  if (input.minimum_rates.some((m) => !typeIds.has(m.translation_type_id)))
    throw invalid({ 'minimum_rates.translation_type_id': ['validation.invalid_option'] });
  await repo.saveMinimumRates(deps.db, customerId, input.customer_minimum_rates, input.minimum_rates);
  await requestQuoteRecalculation(deps, { customerId, cause: 'minimum rates changed' });
  return outcome(await getMinimumRates(deps, actor, customerId), {
    key: input.customer_minimum_rates ? 'minimum_rates.updated_on' : 'minimum_rates.updated_off',
    params: {
      name: customer.name,
      rates: input.minimum_rates
        .map((m) => `#${m.translation_type_id} ${m.hour} h / ${m.amount} EUR`)
        .join(', '),
    },
    customerId,
  });
}

/** The general minimum charges (no customer: guest quotes), one row per translation type. */
export async function getGeneralMinimumRates(deps: Deps, actor: Actor): Promise<GeneralMinimumRatesDto> {
  const stored = await repo.listGeneralMinimumRates(deps.db);
  const types = await repo.listTranslationTypes(deps.db);
  return {
    minimum_rates: types.map((type) => {
      const row = stored.find((m) => m.translation_type_id === type.id);
      return {
        translation_type_id: type.id,
        name: type[`name_${actor.locale}`],
        hour: row?.hour ?? '0.00',
        amount: row?.amount ?? '0.00',
      };
    }),
  };
}

/** VERBA_ADMIN edits the general minimums; unpaid guest quotes are priced again. */
export async function saveGeneralMinimumRates(
  deps: Deps,
  actor: Actor,
  input: GeneralMinimumRatesInput,
): Promise<Outcome<GeneralMinimumRatesDto>> {
  const typeIds = new Set((await repo.listTranslationTypes(deps.db)).map((t) => t.id));
  if (input.minimum_rates.some((m) => !typeIds.has(m.translation_type_id)))
    throw invalid({ 'minimum_rates.translation_type_id': ['validation.invalid_option'] });
  await repo.saveGeneralMinimumRates(deps.db, input.minimum_rates);
  await requestQuoteRecalculation(deps, { customerId: null, cause: 'general minimum rates changed' });
  return outcome(await getGeneralMinimumRates(deps, actor), {
    key: 'grid.general_minimum_updated',
    customerId: null,
  });
}

// ---------------------------------------------------------------- payable grid

export async function getGlobalGrid(deps: Deps): Promise<PayableGridDto> {
  return { customer_id: null, custom: false, grid: await repo.globalGrid(deps.db) };
}

export async function getCustomerGrid(deps: Deps, customerId: number): Promise<PayableGridDto> {
  await existingCustomer(deps, customerId);
  const own = await repo.customerGrid(deps.db, customerId);
  return { customer_id: customerId, custom: own !== null, grid: own ?? (await repo.globalGrid(deps.db)) };
}

export async function saveGlobalGrid(deps: Deps, input: PayableGridInput): Promise<Outcome<PayableGridDto>> {
  await repo.saveGlobalGrid(deps.db, input);
  await requestQuoteRecalculation(deps, { customerId: null, cause: 'payable grid changed' });
  return outcome(await getGlobalGrid(deps), {
    key: 'grid.updated',
    customerId: null,
  });
}

export async function saveCustomerGrid(
  deps: Deps,
  customerId: number,
  input: PayableGridInput,
): Promise<Outcome<PayableGridDto>> {
  const customer = await existingCustomer(deps, customerId);
  await repo.saveCustomerGrid(deps.db, customerId, input);
  await requestQuoteRecalculation(deps, { customerId, cause: 'payable grid changed' });
  return outcome(await getCustomerGrid(deps, customerId), {
    key: 'grid.customer_set',
    params: { name: customer.name },
    customerId,
  });
}

export async function deleteCustomerGrid(deps: Deps, customerId: number): Promise<Outcome<PayableGridDto>> {
  const customer = await existingCustomer(deps, customerId);
  const had = await repo.deleteCustomerGrid(deps.db, customerId);
  if (had) await requestQuoteRecalculation(deps, { customerId, cause: 'payable grid changed' });
  return outcome(await getCustomerGrid(deps, customerId), {
    key: had ? 'grid.customer_removed' : 'grid.customer_removed_none',
    params: { name: customer.name },
    customerId,
  });
}
