import { isUniqueViolation } from '../../../db/errors.ts';
import type { EffectiveRateDto, Paginated, RateDto, RateStoreInput, RateUpdateInput } from '@verba/contracts';
import { pricePerTranslationType } from '@verba/contracts/pricing';
import { invalid, notFound, type FieldMessages } from '../../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../../lib/service.ts';
import { requestQuoteRecalculation } from '../../../lib/quote-recalculation.ts';
import { findCustomer } from '../../customers/service.ts';
import * as policy from '../policy.ts';
import * as repo from '../repository/rates.ts';
import * as writes from '../repository/rate-writes.ts';
import { listTranslationTypes } from '../repository/pricing-config.ts';
import { existingCustomer, languageScope, readableCustomer } from './customer-scope.ts';

const listOptions = (actor: Actor, page: repo.Page) => ({
  locale: actor.locale,
  withAudit: policy.can(actor.user, 'see-audit'),
  page: { page: page.page, per_page: page.per_page },
});

// ---------------------------------------------------------------- reading

export async function listGeneralRates(deps: Deps, actor: Actor, page: repo.Page) {
  policy.assertCan(actor.user, 'read-general');
  return repo.listGeneralRates(deps.db, listOptions(actor, page));
}

export async function listCustomerRates(deps: Deps, actor: Actor, customerId: number, page: repo.Page) {
  await readableCustomer(deps, actor, customerId, 'read-customer-rates');
  return repo.listCustomerRates(deps.db, customerId, listOptions(actor, page));
}

/** What the customer pays per pair (own rate, else an enabled general one) with the price per type. */
export async function listEffectiveRates(
  deps: Deps,
  actor: Actor,
  customerId: number,
  page: repo.Page,
): Promise<Paginated<EffectiveRateDto>> {
  await readableCustomer(deps, actor, customerId, 'read-customer-rates');
  const list = await repo.listEffectiveRates(deps.db, customerId, listOptions(actor, page));
  const types = await listTranslationTypes(deps.db);
  return {
    ...list,
    data: list.data.map((rate) => ({
      ...rate,
      prices: types.map((type) => ({
        translation_type_id: type.id,
        name: type[`name_${actor.locale}`],
        percent: type.percent,
        price: pricePerTranslationType(rate.r1, type.percent),
      })),
    })),
  };
}

export async function listEnabledRates(deps: Deps, actor: Actor, customerId: number) {
  await readableCustomer(deps, actor, customerId, 'read-customer-rates');
  return repo.listEnabledGeneralRates(deps.db, customerId, {
    locale: actor.locale,
    withAudit: policy.can(actor.user, 'see-audit'),
  });
}

export async function rateSources(deps: Deps, actor: Actor, customerId?: number) {
  const scope = await languageScope(deps, actor, customerId);
  return repo.rateSourceLanguages(deps.db, scope, actor.locale);
}

export async function rateTargets(deps: Deps, actor: Actor, sourceId: number, customerId?: number) {
  const scope = await languageScope(deps, actor, customerId);
  return repo.rateTargetLanguages(deps.db, scope, sourceId, actor.locale);
}

// ---------------------------------------------------------------- writing

const pairTakenError = () => invalid({ target_lang: ['validation.rates.pair_taken'] });

async function checkPair(
  deps: Deps,
  customerId: number | null,
  source: number,
  target: number,
  exceptId?: number,
) {
  const found = await writes.languagesByIds(deps.db, [source, target]);
  const fields: FieldMessages = {};
  if (!found.some((l) => l.id === source)) fields.source_lang = ['validation.invalid_option'];
  if (!found.some((l) => l.id === target)) fields.target_lang = ['validation.invalid_option'];
  if (Object.keys(fields).length) throw invalid(fields);
  if (await writes.pairTaken(deps.db, { customerId }, source, target, exceptId)) throw pairTakenError();
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

/** The rate as the admin sees it after writing it (with its audit fields). */
async function writtenRate(deps: Deps, actor: Actor, id: number): Promise<RateDto> {
  const dto = await repo.findRateDto(deps.db, id, actor.locale, true);
  if (!dto) throw notFound();
  return dto;
}

export async function createRate(deps: Deps, actor: Actor, input: RateStoreInput): Promise<Outcome<RateDto>> {
  const customerId = typeof input.customer_id === 'number' ? input.customer_id : null;
  let customerName: string | null = null;
  if (customerId !== null) {
    const customer = await findCustomer(deps.db, customerId);
    if (!customer) throw invalid({ customer_id: ['validation.invalid_option'] });
    customerName = customer.name;
  }
  const { source, target } = pair(input);
  const codes = await checkPair(deps, customerId, source, target);
  let row: repo.RateRow;
  try {
    row = await writes.insertRate(deps.db, {
      customer_id: customerId,
      source_lang: source,
      target_lang: target,
      r1: input.r1,
      r2: input.r2,
      enabled: input.enabled ?? true,
      updated_by: actor.user.id,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw pairTakenError();
    throw err;
  }
  await requestQuoteRecalculation(deps, {
    customerId,
    cause: `${customerName ?? 'general'} rate ${codes.source}>${codes.target} created`,
  });
  return outcome(await writtenRate(deps, actor, row.id), {
    key: customerName ? 'rates.created_customer' : 'rates.created_general',
    params: {
      customer: customerName ?? '',
      source: codes.source,
      target: codes.target,
      r1: input.r1,
      r2: input.r2,
    },
    customerId,
  });
}

export async function updateRate(
  deps: Deps,
  actor: Actor,
  id: number,
  input: RateUpdateInput,
): Promise<Outcome<RateDto>> {
  const existing = await writes.findRate(deps.db, id);
  if (!existing) throw notFound();
  const { source, target } = pair(input);
  const codes = await checkPair(deps, existing.customer_id, source, target, id);
  try {
    await writes.updateRate(deps.db, id, {
      source_lang: source,
      target_lang: target,
      r1: input.r1,
      r2: input.r2,
      enabled: input.enabled,
      updated_by: actor.user.id,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw pairTakenError();
    throw err;
  }
  await requestQuoteRecalculation(deps, {
    customerId: existing.customer_id,
    cause: `rate ${codes.source}>${codes.target} changed`,
  });
  return outcome(await writtenRate(deps, actor, id), {
    key: 'rates.updated',
    params: {
      id,
      source: codes.source,
      target: codes.target,
      r1_from: existing.r1,
      r1: input.r1,
      r2_from: existing.r2,
      r2: input.r2,
    },
    customerId: existing.customer_id,
  });
}

/** Deletes a rate; with `customerId`, only one of that customer's. */
export async function deleteRate(deps: Deps, actor: Actor, id: number, customerId?: number) {
  if (customerId !== undefined) await existingCustomer(deps, customerId);
  const dto = await repo.findRateDto(deps.db, id, actor.locale, true);
  if (!dto || (customerId !== undefined && dto.customer_id !== customerId)) throw notFound();
  await writes.deleteRate(deps.db, id);
  await requestQuoteRecalculation(deps, {
    customerId: dto.customer_id,
    cause: `rate ${dto.source_language.iso_code}>${dto.target_language.iso_code} deleted`,
  });
  return outcome(
    { deleted: true as const, id },
    {
      key: 'rates.deleted',
      params: { id, source: dto.source_language.iso_code, target: dto.target_language.iso_code },
      customerId: dto.customer_id,
    },
  );
}

async function generalRateOf(deps: Deps, rateId: number) {
  const rate = await writes.findRate(deps.db, rateId);
  if (!rate || !rate.default_group) throw notFound();
  return rate;
}

/** Enables (or with `enable` false disables) a general rate for a customer. */
export async function setRateEnabled(deps: Deps, customerId: number, rateId: number, enable: boolean) {
  const customer = await existingCustomer(deps, customerId);
  await generalRateOf(deps, rateId);
  const changed = enable
    ? await writes.enableRate(deps.db, customerId, rateId)
    : await writes.disableRate(deps.db, customerId, rateId);
  if (changed)
    await requestQuoteRecalculation(deps, {
      customerId,
      cause: `general rate #${rateId} ${enable ? 'enabled' : 'disabled'}`,
    });
  return outcome(
    { customer_id: customerId, rate_id: rateId, enabled: enable },
    {
      key: enable
        ? changed
          ? 'rates.enabled'
          : 'rates.enabled_already'
        : changed
          ? 'rates.disabled'
          : 'rates.disabled_already',
      params: { id: rateId, name: customer.name },
      customerId,
    },
  );
}
