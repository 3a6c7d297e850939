import { hideNotification, notificationsStore } from '@mantine/notifications';

/** The toast limit the app's <Notifications> is given: one shown, the next one waits in Mantine's queue. */
export const TOAST_LIMIT = 1;

/**
 * One toast at a time, the newest: a toast that arrives while another is shown replaces it instead of
 * waiting behind it or stacking over the page (issue 38: three delivery toasts covered the task's
 * "Download translations" and "Change status"). Returns the unsubscribe function.
 */
export function keepOneToast(store = notificationsStore): () => void {
  return store.subscribe((state) => {
    const newest = state.queue.at(-1);
    if (!newest) return;
    for (const item of [...state.notifications, ...state.queue])
      if (item.id && item.id !== newest.id) hideNotification(item.id, store);
  });
}
