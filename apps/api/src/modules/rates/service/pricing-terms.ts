import type { PayableGrid } from '@verba/contracts/pricing';
import * as configRepo from '../repository/pricing-config.ts';
import * as ratesRepo from '../repository/rates.ts';
import type { Conn, EffectiveRate } from '../repository/rates.ts';

export interface PricingTerms {
  /** The payable grid: the customer's own, else the global one. */
  grid: PayableGrid;
  /** The minimum charge of the translation type, or null when none applies. */
  minimum: { hour: string; amount: string } | null;
  /** The rate of each target asked for; a target without one is absent (it cannot be priced). */
  rates: Map<number, EffectiveRate>;
}

/**
 * What prices a task from `sourceLanguageId` into `targetLanguageIds` with a translation type:
 * a customer's terms (its rates, else the general rates enabled for it; its minimum when its
 * `minimum_rates` flag is on; its grid, else the global one), or, for a task without a customer (a
 * guest's quote), the general rates, the general minimum and the global grid.
 */
export async function pricingTerms(
  db: Conn,
  terms: {
    customerId: number | null;
    sourceLanguageId: number;
    targetLanguageIds: readonly number[];
    translationTypeId: number;
  },
): Promise<PricingTerms> {
  const { customerId, sourceLanguageId, translationTypeId } = terms;
  const grid =
    customerId !== null ? await configRepo.payableGridFor(db, customerId) : await configRepo.globalGrid(db);
  const minimum =
    customerId !== null
      ? await configRepo.minimumRateFor(db, customerId, translationTypeId)
      : await configRepo.generalMinimumRateFor(db, translationTypeId);
  const rates = new Map<number, EffectiveRate>();
  for (const target of terms.targetLanguageIds) {
    const rate =
      customerId !== null
        ? await ratesRepo.effectiveRate(db, customerId, sourceLanguageId, target)
        : await ratesRepo.generalRate(db, sourceLanguageId, target);
    if (rate) rates.set(target, rate);
  }
  return { grid, minimum, rates };
}

/** Every rate a customer pays from a source language, by target (the order form's price hints). */
export function customerRatesFrom(db: Conn, customerId: number, sourceLanguageId: number) {
  return ratesRepo.effectiveRatesFrom(db, customerId, sourceLanguageId);
}
