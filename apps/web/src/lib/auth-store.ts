import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Locale, UserDto } from '@verba/contracts';

export interface AuthState {
  token: string | null;
  /** Epoch milliseconds after which the token is no longer valid. */
  expiresAt: number | null;
  user: UserDto | null;
  locale: Locale | null;
  /** The session may only enrol a second factor until the user does (the API refuses the rest). */
  enrolmentRequired: boolean;
  signIn: (input: {
    token: string;
    expiresInSeconds: number;
    user: UserDto;
    enrolmentRequired?: boolean | undefined;
  }) => void;
  setEnrolmentRequired: (required: boolean) => void;
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
      enrolmentRequired: false,
      signIn: ({ token, expiresInSeconds, user, enrolmentRequired = false }) =>
        set({
          token,
          expiresAt: Date.now() + expiresInSeconds * 1000,
          user,
          locale: user.language,
          enrolmentRequired,
        }),
      setEnrolmentRequired: (enrolmentRequired) => set({ enrolmentRequired }),
      setUser: (user) => set({ user }),
      setLocale: (locale) => set({ locale }),
      clear: () => set({ token: null, expiresAt: null, user: null, enrolmentRequired: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, expiresAt, user, locale, enrolmentRequired }) => ({
        token,
        expiresAt,
        user,
        locale,
        enrolmentRequired,
      }),
    },
  ),
);

export const isSignedIn = (state: Pick<AuthState, 'token' | 'user'>): boolean =>
  Boolean(state.token && state.user);
