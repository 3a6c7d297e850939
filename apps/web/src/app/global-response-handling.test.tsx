import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { initI18n } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { modals } from '../components/modals/modal-store.ts';
import { ModalHost } from './modal-host.tsx';
import { queryClient } from './query-client.ts';
import { connectApiClient } from './session.ts';

const navigations: string[] = [];

function Harness() {
  return (
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ModalHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const call = () => act(() => api.get('/tasks').catch(() => undefined));

describe('global response handling (spec part 2 §8) as the user sees it', () => {
  beforeAll(() => {
    initI18n('en');
    connectApiClient();
    setNavigator((to) => navigations.push(to));
  });

  beforeEach(() => {
    navigations.length = 0;
    modals.closeAll();
    useAuthStore.setState({ token: 'token', expiresAt: Date.now() + 60_000, user: null, locale: 'en' });
    render(<Harness />);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('opens the connection-error modal on 400, 5xx and no response', async () => {
    answer(400, { message: 'Bad request' });
    await call();
    expect(await screen.findByText(/the server is not responding/)).toBeTruthy();
    act(() => modals.closeAll());
    answer(503, { message: 'Down' });
    await call();
    expect(await screen.findByText(/the server is not responding/)).toBeTruthy();
    act(() => modals.closeAll());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await call();
    expect(await screen.findByText(/the server is not responding/)).toBeTruthy();
  });

  it('opens the session-expired modal on a 401 without an error code', async () => {
    answer(401, { message: 'Unauthenticated' });
    await call();
    expect(await screen.findByText('The session has expired. Please log in again to continue.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('flags bad credentials (401, code 2) with one toast, no modal', async () => {
    answer(401, { message: 'Incorrect credentials', error_code: 2 });
    await call();
    expect(await screen.findByText('Incorrect credentials')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says nothing of bad credentials when the call shows them itself (the login form)', async () => {
    const shown = vi.spyOn(notifications, 'show');
    answer(401, { message: 'Incorrect credentials', error_code: 2 });
    await act(() => api.post('/auth/login', undefined, { handlesCodes: [2] }).catch(() => undefined));
    expect(shown).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    shown.mockRestore();
  });

  it('opens the inactive-user modal on 401 code 6 with the server message', async () => {
    answer(401, { message: 'The user is disabled. Create a new user.', error_code: 6 });
    await call();
    expect(await screen.findByText('User disabled')).toBeTruthy();
    expect(screen.getByText('The user is disabled. Create a new user.')).toBeTruthy();
  });

  it('goes to /404 with the url on 404, with no not-found modal on top', async () => {
    window.history.replaceState(null, '', '/tasks/99');
    answer(404, { message: 'Element not found' });
    await call();
    await waitFor(() => expect(navigations).toEqual(['/404?url=%2Ftasks%2F99']));
    expect(screen.queryByText('Element not found')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists every server message of a 422 in the validation modal', async () => {
    answer(422, { message: 'Invalid', errors: { name: ['Name is required.'], email: ['Email is taken.'] } });
    await call();
    expect(await screen.findByText('Incorrect information')).toBeTruthy();
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Email is taken.')).toBeTruthy();
  });

  it('the session-expired login button logs out and goes to /login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Unauthenticated' }), { status: 401 })),
    );
    await call();
    const button = await screen.findByRole('button', { name: 'Log in' });
    await act(async () => button.click());
    await waitFor(() => expect(navigations).toContain('/login'));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
