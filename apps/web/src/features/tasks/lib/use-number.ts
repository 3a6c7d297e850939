import { useTranslation } from 'react-i18next';

const INTL: Record<string, string> = { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' };

/** Whole numbers (word counts) grouped for the interface language. */
export function useNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(INTL[i18n.language] ?? 'en-GB', { useGrouping: true });
  return (value: number | string | null | undefined) =>
    value === null || value === undefined || value === '' ? '—' : format.format(Number(value));
}
