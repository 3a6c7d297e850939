import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { BASE_BUSINESS_DAYS, FLASH_BUSINESS_DAYS } from '@verba/contracts/pricing';
import { FLASH_TYPE_ID, type ServiceLevelQuote } from '@verba/contracts';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { formatDate, formatEuros } from '../../../../lib/format.ts';
import { useTargetPrices } from '../../api/get-target-prices.ts';

/** The lowest price per word among the chosen targets that have one; null when none is priced. */
export function lowestWordPrice(
  prices: ReadonlyArray<{ language_id: number; price_per_word: string }>,
  targets: readonly string[],
): string | null {
  const chosen = prices.filter((p) => targets.includes(String(p.language_id)));
  if (!chosen.length) return null;
  return chosen.reduce(
    (low, p) => (Number(p.price_per_word) < Number(low) ? p.price_per_word : low),
    chosen[0]!.price_per_word,
  );
}

/** Business days a service level takes at least: flash a day, the others the base days plus one of work. */
export const turnaroundDays = (typeId: number) =>
  typeId === FLASH_TYPE_ID ? FLASH_BUSINESS_DAYS : BASE_BUSINESS_DAYS + 1;

/**
 * Under a service level's card: once the task's files are analysed for the chosen languages, its total and delivery
 * date at this level (`level`, priced by the API as the quote is); before that, its price per word for the chosen
 * languages and its turnaround.
 */
export function ServiceFacts({
  typeId,
  source,
  targets,
  level,
}: {
  typeId: number;
  source: string | null;
  targets: string[];
  level?: ServiceLevelQuote;
}) {
  const { t } = useTranslation('amounts');
  const locale = useUiLocale();
  const prices = useTargetPrices(source, String(typeId));
  if (!source || !targets.length) return null;
  if (level)
    return (
      <Text size="sm" fw={600} mt={6} data-testid={`service-facts-${typeId}`}>
        <span data-testid={`service-total-${typeId}`}>
          {level.rate_missing
            ? t('service.onRequest')
            : t('service.price', { amount: formatEuros(level.taxed_price, locale) })}
        </span>
        {level.due_date
          ? ` · ${t('service.deliveredBy', { date: formatDate(level.due_date, locale) })}`
          : null}
      </Text>
    );
  const low = prices.data ? lowestWordPrice(prices.data, targets) : null;
  return (
    <Text size="sm" fw={600} mt={6} data-testid={`service-facts-${typeId}`}>
      {prices.data
        ? low
          ? t('service.priceFrom', { amount: formatEuros(low, locale, 4) })
          : t('service.onRequest')
        : null}
      {prices.data ? ' · ' : null}
      {t('service.turnaround', { count: turnaroundDays(typeId) })}
    </Text>
  );
}
