import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../lib/auth-store.ts';
import { applyDocumentLocale } from '../lib/i18n.ts';
import { useEffectiveLocale } from '../lib/locale.ts';
import { openSessionExpired } from './session.ts';

/** Keeps i18next and <html lang> on the effective locale. */
export function LocaleSync() {
  const locale = useEffectiveLocale();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    applyDocumentLocale(locale);
  }, [i18n, locale]);
  return null;
}

// setTimeout takes at most a signed 32-bit delay; longer sessions are re-armed.
const MAX_TIMER_MS = 2_147_000_000;

/** Opens the session-expired modal the moment the token's expiry passes (also right after a reload). */
export function SessionExpiryWatcher() {
  const token = useAuthStore((state) => state.token);
  const expiresAt = useAuthStore((state) => state.expiresAt);
  useEffect(() => {
    if (!token || expiresAt === null) return;
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) {
      openSessionExpired();
      return;
    }
    const timer = window.setTimeout(openSessionExpired, Math.min(remaining, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [token, expiresAt]);
  return null;
}
