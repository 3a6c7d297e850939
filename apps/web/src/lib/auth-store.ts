import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Locale, UserDto } from '@verba/contracts';

export interface AuthState {
  token: string | null;
  /** Epoch milliseconds after which the token is no longer valid. */
  expiresAt: number | null;
  user: UserDto | null;
  locale: Locale | null;
  signIn: (input: { token: string; expiresInSeconds: number; user: UserDto }) => void;
  setUser: (user: UserDto) => void;
  setLocale: (locale: Locale) => void;
  clear: () => void;
}

const AUTH_STORAGE_KEY = 'verba-session';

/** Only the token, its expiry, the user and the locale persist (spec part 1 §4). */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      expiresAt: null,
      user: null,
      locale: null,
      signIn: ({ token, expiresInSeconds, user }) =>
        set({ token, expiresAt: Date.now() + expiresInSeconds * 1000, user, locale: user.language }),
      setUser: (user) => set({ user }),
      setLocale: (locale) => set({ locale }),
      clear: () => set({ token: null, expiresAt: null, user: null }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, expiresAt, user, locale }) => ({ token, expiresAt, user, locale }),
    },
  ),
);

export const isSignedIn = (state: Pick<AuthState, 'token' | 'user'>): boolean =>
  Boolean(state.token && state.user);
