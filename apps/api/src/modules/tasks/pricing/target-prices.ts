import type { TargetPrice } from '@verba/contracts';
import { pricePerTranslationType } from '@verba/contracts/pricing';
import type { Actor, Deps } from '../../../lib/service.ts';
import { customerRatesFrom } from '../../rates/service.ts';
import * as repo from '../repository.ts';

/**
 * GET /tasks/target-prices: for the order form's target picker, the price per word the caller's
 * customer pays into each priced target from `sourceId` with the translation type (the type's
 * share of r1, as the quote computes it). A target not listed has no rate: "price on request",
 * and ordering it makes the task a custom quote.
 */
export async function targetPrices(
  deps: Deps,
  actor: Actor,
  sourceId: number,
  typeId = 1,
): Promise<TargetPrice[]> {
  const customerId = actor.user.customer_id;
  if (customerId === null) return [];
  const percent = await repo.translationTypePercent(deps.db, typeId);
  const rates = await customerRatesFrom(deps.db, customerId, sourceId);
  return [...rates].map(([languageId, rate]) => ({
    language_id: languageId,
    price_per_word: pricePerTranslationType(rate.r1, percent),
  }));
}
