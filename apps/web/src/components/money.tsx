import { formatDate, formatDateTime, formatEuros, formatNumber } from '../lib/format.ts';
import { useUiLocale } from './use-locale.ts';

export function Money({ amount, fractionDigits = 2 }: { amount: string | number; fractionDigits?: number }) {
  const locale = useUiLocale();
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatEuros(amount, locale, fractionDigits)}</span>
  );
}

export function DateText({ value }: { value: string | number | Date }) {
  const locale = useUiLocale();
  return <time dateTime={new Date(value).toISOString()}>{formatDate(value, locale)}</time>;
}

/** Date and hour:minute, as the task history and the action log show them. */
export function DateTimeText({ value }: { value: string | number | Date }) {
  const locale = useUiLocale();
  return <time dateTime={new Date(value).toISOString()}>{formatDateTime(value, locale)}</time>;
}

/** A count (words, files) grouped for the locale: "12,841" (en), "12.841" (es, ca). */
export function NumberText({ value }: { value: number | string | null | undefined }) {
  const locale = useUiLocale();
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(value, locale)}</span>;
}
