import { useTranslation } from 'react-i18next';
import { isLocale } from '@verba/contracts';
import { formatDate, formatEuros } from '../lib/format.ts';

function useLocale() {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'en';
}

export function Money({ amount, fractionDigits = 2 }: { amount: string | number; fractionDigits?: number }) {
  const locale = useLocale();
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatEuros(amount, locale, fractionDigits)}</span>
  );
}

export function DateText({ value }: { value: string | number | Date }) {
  const locale = useLocale();
  return <time dateTime={new Date(value).toISOString()}>{formatDate(value, locale)}</time>;
}
