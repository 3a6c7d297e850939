import i18next, { type TFunction } from 'i18next';
import { LOCALES, type Locale } from '@verba/contracts';
import validationEn from '@verba/contracts/i18n/en/validation.json' with { type: 'json' };
import validationEs from '@verba/contracts/i18n/es/validation.json' with { type: 'json' };
import validationCa from '@verba/contracts/i18n/ca/validation.json' with { type: 'json' };
import apiEn from '../i18n/en/api.json' with { type: 'json' };
import apiEs from '../i18n/es/api.json' with { type: 'json' };
import apiCa from '../i18n/ca/api.json' with { type: 'json' };
import logsEn from '../i18n/en/logs.json' with { type: 'json' };
import logsEs from '../i18n/es/logs.json' with { type: 'json' };
import logsCa from '../i18n/ca/logs.json' with { type: 'json' };

const instance = i18next.createInstance();
await instance.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
  resources: {
    en: { translation: { ...apiEn, ...validationEn, ...logsEn } },
    es: { translation: { ...apiEs, ...validationEs, ...logsEs } },
    ca: { translation: { ...apiCa, ...validationCa, ...logsCa } },
  },
});

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A translator bound to one locale (server messages, mails, PDFs). */
export function translator(locale: Locale): Translate {
  const t: TFunction = instance.getFixedT(locale);
  return (key, values) => t(key, values ?? {}) as string;
}

/** Whether a message key exists (in English, which every other language mirrors). */
export const hasMessage = (key: string): boolean => instance.exists(key, { lng: 'en', fallbackLng: false });
