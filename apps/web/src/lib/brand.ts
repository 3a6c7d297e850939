import type { Locale } from '@verba/contracts';

/** The provider's own brand: one place for name, cities and links (DESIGN §1: configuration, not code). */
type PerLocale = Record<Locale, string>;

const site = 'https://verba.example';
const perLocale = (path: string): PerLocale => ({
  en: `${site}/en/${path}`,
  es: `${site}/es/${path}`,
  ca: `${site}/ca/${path}`,
});

export const BRAND = {
  name: 'Verba',
  tagline: 'translation',
  website: site,
  cities: [
    { name: 'Barcelona', url: `${site}/offices/barcelona` },
    { name: 'Xalapa', url: `${site}/offices/xalapa` },
    { name: 'Porto Alegre', url: `${site}/offices/porto-alegre` },
    { name: 'Miami', url: `${site}/offices/miami` },
  ],
  legal: {
    legalNotice: perLocale('legal-notice'),
    cookies: perLocale('cookie-policy'),
    privacy: perLocale('privacy-policy'),
    accessibility: perLocale('accessibility'),
    security: perLocale('security-policy'),
  },
  followUs: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/verba-translation' },
    { name: 'X', url: 'https://x.com/verba_translate' },
    { name: 'YouTube', url: 'https://www.youtube.com/@verba-translation' },
  ],
  share: {
    linkedin: (url: string) =>
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    x: (url: string) => `https://x.com/intent/post?url=${encodeURIComponent(url)}`,
    email: (url: string, subject: string) =>
      `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(url)}`,
  },
  supportEmail: 'support@verba.example',
} as const;
