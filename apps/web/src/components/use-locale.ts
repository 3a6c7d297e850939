import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@verba/contracts';

/** The active UI locale, for the date and money formatters. */
export function useUiLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'en';
}
