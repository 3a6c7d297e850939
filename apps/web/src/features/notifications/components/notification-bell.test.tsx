// The bell dates its notifications as the rest of the app does (the task's messages, the history): in the
// reader's language, day first in es and ca, not in the browser's own format.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { NotificationItem } from '@verba/contracts';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { NotificationBell } from './notification-bell.tsx';

const item: NotificationItem = {
  id: 1,
  kind: 'approved',
  task_id: 12,
  invoice_id: null,
  values: { code: '12' },
  read: false,
  created_at: '2026-11-27T10:00:00.000Z',
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/notifications/stream')
        ? new Response(null, { status: 503 })
        : new Response(JSON.stringify({ data: { unread: 1, items: [item] } }), {
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the notification bell', () => {
  it('writes each date in the app format of the reader (es: day/month/year)', async () => {
    stubApi();
    renderSignedIn(<NotificationBell />, { locale: 'es' });
    fireEvent.click(await screen.findByTestId('notification-bell'));
    const date = await screen.findByTestId('notification-date', undefined, { timeout: 5000 });
    expect(date.textContent).toBe(formatDateTime(item.created_at, 'es'));
    expect(date.textContent).toMatch(/^27\/11\/2026 \d{2}:\d{2}$/);
  });
});
