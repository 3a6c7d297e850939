import { describe, expect, it } from 'vitest';
import { createNotificationsStore, showNotification } from '@mantine/notifications';
import { keepOneToast, TOAST_LIMIT } from './one-toast.ts';

function storeWithLimit() {
  const store = createNotificationsStore();
  store.updateState((state) => ({ ...state, limit: TOAST_LIMIT }));
  return store;
}

describe('one toast at a time', () => {
  it('shows only the newest of three toasts raised in a row, none waiting behind it', () => {
    const store = storeWithLimit();
    const stop = keepOneToast(store);
    for (const message of ['first', 'second', 'third']) showNotification({ message }, store);
    const { notifications, queue } = store.getState();
    expect(notifications.map((item) => item.message)).toEqual(['third']);
    expect(queue).toEqual([]);
    stop();
  });

  it('leaves a single toast alone', () => {
    const store = storeWithLimit();
    const stop = keepOneToast(store);
    showNotification({ message: 'saved' }, store);
    expect(store.getState().notifications.map((item) => item.message)).toEqual(['saved']);
    stop();
  });

  it("calls the replaced toast's onClose, as closing it would", () => {
    const store = storeWithLimit();
    const stop = keepOneToast(store);
    let closed = 0;
    showNotification({ message: 'old', onClose: () => (closed += 1) }, store);
    showNotification({ message: 'new' }, store);
    expect(closed).toBe(1);
    stop();
  });
});
