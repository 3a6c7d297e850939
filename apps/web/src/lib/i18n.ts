import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isLocale, resolveLocale, type Locale } from '@verba/contracts';
import validationEn from '@verba/contracts/i18n/en/validation.json';
import validationEs from '@verba/contracts/i18n/es/validation.json';
import validationCa from '@verba/contracts/i18n/ca/validation.json';

type Catalogue = Record<string, unknown>;

/** Bundled with the shell: what the sign-in screens and the frame need. */
const EAGER_NAMESPACES = ['common', 'auth'];

const eagerCatalogues = import.meta.glob<Catalogue>('../locales/*/{common,auth}.json', {
  eager: true,
  import: 'default',
});
// Every other namespace is fetched the first time a screen asks for it.
const lazyCatalogues = import.meta.glob<Catalogue>(
  ['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/auth.json'],
  { import: 'default' },
);

function parsePath(path: string): { lang: Locale; namespace: string } | null {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  const [, lang, namespace] = match ?? [];
  return lang && namespace && isLocale(lang) ? { lang, namespace } : null;
}

function eagerResources(): Record<Locale, Record<string, Catalogue>> {
  const resources = { en: {}, es: {}, ca: {} } as Record<Locale, Record<string, Catalogue>>;
  for (const [path, catalogue] of Object.entries(eagerCatalogues)) {
    const parsed = parsePath(path);
    if (parsed) resources[parsed.lang][parsed.namespace] = catalogue;
  }
  return resources;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = lazyCatalogues[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const bundled = eagerResources();
const validation: Record<Locale, Catalogue> = { en: validationEn, es: validationEs, ca: validationCa };

const NAMESPACES = [...EAGER_NAMESPACES, 'validation'];

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
  void i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      partialBundledLanguages: true,
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      ns: NAMESPACES,
      defaultNS: 'common',
      // The shared validation catalogue keeps its own keys (`validation.required`), as on the server.
      fallbackNS: 'validation',
      resources: Object.fromEntries(
        LOCALES.map((lang) => [lang, { ...bundled[lang], validation: validation[lang] }]),
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
