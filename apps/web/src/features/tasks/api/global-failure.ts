import { notifications } from '@mantine/notifications';
import { modals } from '../../../components/modals/modal-store.ts';
import type { GlobalAction } from '../../../lib/api-client.ts';
import { i18next } from '../../../lib/i18n.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { openSessionExpired } from '../../../app/session.ts';

/** The global failure table of spec part 2 §8 for calls made outside `apiRequest` (uploads, blobs). */
export function handleGlobalFailure(action: GlobalAction): void {
  const t = i18next.t.bind(i18next);
  switch (action.type) {
    case 'connection-error':
      modals.closeAll();
      modals.open('connectionError', {});
      return;
    case 'session-expired':
      if (useAuthStore.getState().token) openSessionExpired();
      return;
    case 'not-found': {
      const { pathname, search } = window.location;
      if (pathname !== '/404') navigateTo(`/404?url=${encodeURIComponent(pathname + search)}`);
      modals.open('notFound', { message: action.message });
      return;
    }
    case 'validation':
      modals.open('validationErrors', { messages: action.messages });
      return;
    case 'bad-credentials':
    case 'inactive-user':
    case 'error':
      notifications.show({ color: 'red', title: t('errors.unexpected'), message: action.message });
      return;
  }
}
