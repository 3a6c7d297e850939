import { useUiLocale } from '../../../components/use-locale.ts';
import { formatNumber } from '../../../lib/format.ts';

/** Whole numbers (word counts) grouped for the interface language. */
export function useNumber() {
  const locale = useUiLocale();
  return (value: number | string | null | undefined) => formatNumber(value, locale);
}
