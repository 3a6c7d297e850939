import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, resolveLocale, type Locale } from '@verba/contracts';
import validationEn from '@verba/contracts/i18n/en/validation.json';
import validationEs from '@verba/contracts/i18n/es/validation.json';
import validationCa from '@verba/contracts/i18n/ca/validation.json';

type Catalogue = Record<string, unknown>;

const catalogues = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' });

/** `{ en: { common: {...}, auth: {...} }, es: ... }` from `src/locales/<lang>/<namespace>.json`. */
function webResources(): Record<Locale, Record<string, Catalogue>> {
  const resources = { en: {}, es: {}, ca: {} } as Record<Locale, Record<string, Catalogue>>;
  for (const [path, catalogue] of Object.entries(catalogues)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, namespace] = match;
    if (lang && namespace && (LOCALES as readonly string[]).includes(lang))
      resources[lang as Locale][namespace] = catalogue;
  }
  return resources;
}

const web = webResources();
const validation: Record<Locale, Catalogue> = { en: validationEn, es: validationEs, ca: validationCa };

export const NAMESPACES = ['common', ...Object.keys(web.en).filter((ns) => ns !== 'common'), 'validation'];

export function browserLocale(): Locale {
  const languages =
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return resolveLocale(languages.filter(Boolean).join(','));
}

export function initI18n(locale: Locale): typeof i18next {
  if (i18next.isInitialized) {
    void i18next.changeLanguage(locale);
    return i18next;
  }
  void i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    ns: NAMESPACES,
    defaultNS: 'common',
    // The shared validation catalogue keeps its own keys (`validation.required`), as on the server.
    fallbackNS: 'validation',
    resources: Object.fromEntries(
      LOCALES.map((lang) => [lang, { ...web[lang], validation: validation[lang] }]),
    ),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
}

export { i18next };
