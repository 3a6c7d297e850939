import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Locale, UserDto } from '@verba/contracts';
import { useAuthStore } from '../lib/auth-store.ts';
import { initI18n } from '../lib/i18n.ts';

/**
 * Renders `ui` as the app shows it to a signed-in reader: in `locale`, with `user` in the session
 * store, inside the providers and router the app's screens expect (a fresh query cache each time).
 */
export function renderSignedIn(
  ui: ReactNode,
  { locale = 'en', user = null }: { locale?: Locale; user?: UserDto | null } = {},
) {
  initI18n(locale);
  useAuthStore.setState({ token: 'token', expiresAt: Date.now() + 60_000, user, locale });
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
