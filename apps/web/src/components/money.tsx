import { formatDate, formatDateTime, formatEuros } from '../lib/format.ts';
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
