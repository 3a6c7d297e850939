import { resolveLocale, type Locale } from '@verba/contracts';
import { useAuthStore } from './auth-store.ts';
import { browserLocale } from './i18n.ts';

/** A signed-in user's own language, else the chosen one, else the browser's; unknown -> en. */
export function effectiveLocale(): Locale {
  const { user, locale } = useAuthStore.getState();
  if (user?.language) return resolveLocale(user.language);
  if (locale) return resolveLocale(locale);
  return browserLocale();
}

export function useEffectiveLocale(): Locale {
  const user = useAuthStore((state) => state.user);
  const locale = useAuthStore((state) => state.locale);
  if (user?.language) return resolveLocale(user.language);
  if (locale) return resolveLocale(locale);
  return browserLocale();
}
