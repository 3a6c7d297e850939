import { notifications } from '@mantine/notifications';
import { i18next } from '../lib/i18n.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { configureApiClient, type GlobalAction } from '../lib/api-client.ts';
import { navigateTo } from '../lib/navigation.ts';
import { modals } from '../components/modals/modal-store.ts';
import { logoutRequest } from '../features/auth/index.ts';
import { queryClient } from './query-client.ts';
import { effectiveLocale } from '../lib/locale.ts';

/** Clears every piece of state, tells the user, and goes to /login. */
export async function logout({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  const hadToken = Boolean(useAuthStore.getState().token);
  // A session opened through single sign-on also ends at the identity provider (RP-initiated logout).
  const reply = callServer && hadToken ? await logoutRequest().catch(() => undefined) : undefined;
  // The language in use stays as the guest's choice, so the login page does not switch language.
  useAuthStore.getState().setLocale(effectiveLocale());
  useAuthStore.getState().clear();
  queryClient.clear();
  modals.closeAll();
  notifications.clean();
  notifications.show({
    id: 'signed-out',
    color: 'blue',
    title: i18next.t('session.signedOutTitle'),
    message: i18next.t('session.signedOut'),
  });
  if (reply?.logout_url) window.location.assign(reply.logout_url);
  else navigateTo('/login', { replace: true });
}

export function openSessionExpired(): void {
  if (modals.isOpen('sessionExpired')) return;
  modals.closeAll();
  modals.open('sessionExpired', { onLogin: () => void logout({ callServer: false }) });
}

function showFailure(action: GlobalAction): void {
  const t = i18next.t.bind(i18next);
  switch (action.type) {
    case 'connection-error':
      modals.closeAll();
      modals.open('connectionError', {});
      return;
    case 'bad-credentials':
      // One message: the login form says it inline (it handles this code); elsewhere one toast.
      notifications.show({
        id: 'bad-credentials',
        color: 'red',
        title: t('errors.incorrectCredentials'),
        message: t('errors.checkCredentials'),
      });
      return;
    case 'inactive-user':
      modals.open('inactiveUser', { message: action.message });
      return;
    case 'session-expired':
      // A guest has no session to expire: nothing to log out of.
      if (useAuthStore.getState().token) openSessionExpired();
      return;
    case 'not-found': {
      const { pathname, search } = window.location;
      // The 404 page is the one reaction: no modal on top of it.
      if (pathname !== '/404') {
        modals.closeAll();
        navigateTo(`/404?url=${encodeURIComponent(pathname + search)}`);
      } else modals.open('notFound', { message: action.message });
      return;
    }
    case 'validation':
      modals.open('validationErrors', { messages: action.messages });
      return;
    case 'error':
      notifications.show({ color: 'red', title: t('errors.unexpected'), message: action.message });
      return;
  }
}

export function connectApiClient(): void {
  configureApiClient({
    getToken: () => useAuthStore.getState().token,
    getLocale: effectiveLocale,
    onFailure: showFailure,
  });
}
