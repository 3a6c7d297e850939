import { useMutation } from '@tanstack/react-query';
import type { languageBody, languageChangedReply, Locale } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const changeLanguage = (userId: number, language: Locale) =>
  api.post<typeof languageChangedReply, typeof languageBody>(`/users/${userId}/language`, { language });

/** Posts the language, then updates the locale and the user (spec part 1 §4). */
export const useChangeLanguageMutation = () =>
  useMutation({
    mutationFn: ({ userId, language }: { userId: number; language: Locale }) =>
      changeLanguage(userId, language),
    onSuccess: ({ locale, user }) => {
      const store = useAuthStore.getState();
      store.setLocale(locale);
      store.setUser(user);
    },
  });
