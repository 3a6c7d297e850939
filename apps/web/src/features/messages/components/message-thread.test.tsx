// The thread panel as staff and as a client see it: internal notes marked (staff only ever get
// them from the API), the internal-note tick for staff only, an empty message refused in the
// reader's language, and the thread marked read when it opens with unread messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TaskMessage } from '@verba/contracts';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { MessageThread } from './message-thread.tsx';

const message = (id: number, body: string, internal = false): TaskMessage => ({
  id,
  task_id: 8,
  body,
  internal,
  created_at: '2026-11-27T10:00:00.000Z',
  author: { id: 3, name: internal ? 'Pau Manager' : 'Alice Acme', side: internal ? 'staff' : 'client' },
  files: internal ? [] : [{ id: 70, file_name: 'question.txt', size: 120 }],
});

/** The API: a page of the thread with `unread`, and whatever the panel posts. */
function stubApi(messages: TaskMessage[], unread: number) {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url });
      const data = url.includes('/messages/read')
        ? { unread: 0 }
        : { current_page: 1, per_page: 20, total: messages.length, data: messages, unread };
      return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

// jsdom has no font loading, which Mantine's autosizing textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

afterEach(() => vi.unstubAllGlobals());

describe('the message thread', () => {
  it('shows staff the internal note, marked, offers them the tick, and marks the thread read', async () => {
    const calls = stubApi([message(2, 'Client is picky', true), message(1, 'Names in English?')], 2);
    renderSignedIn(<MessageThread source={{ kind: 'task', taskId: 8 }} staff />);
    expect(await screen.findByText('Client is picky', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('message-internal-badge').textContent).toContain('not shown to the client');
    expect(screen.getAllByTestId('message-new')).toHaveLength(2);
    expect(screen.getByTestId('message-thread-unread').textContent).toBe('2 unread');
    expect(screen.getByTestId('message-internal-toggle')).toBeTruthy();
    expect(screen.getByTestId('message-attachment').textContent).toContain('question.txt');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.includes('/tasks/8/messages/read'))).toBe(true),
    );
  });

  it('gives a client no internal-note tick and refuses an empty message in its language', async () => {
    const calls = stubApi([message(1, 'Names in English?')], 0);
    renderSignedIn(<MessageThread source={{ kind: 'task', taskId: 8 }} />, { locale: 'es' });
    expect(await screen.findByText('Names in English?')).toBeTruthy();
    // The switch to Spanish loads the panel's catalogue: a click before it ends would be answered
    // in English (the message is translated when the form refuses it).
    expect(await screen.findByText('Mensajes')).toBeTruthy();
    expect(screen.queryByTestId('message-internal-toggle')).toBeNull();
    fireEvent.click(screen.getByTestId('message-send'));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    // nothing unread: nothing to mark, and the empty message was never sent
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("reads a guest's thread from its link, without the tick", async () => {
    const calls = stubApi([message(1, 'By Friday?')], 0);
    renderSignedIn(<MessageThread source={{ kind: 'guest', token: 'link-token' }} />);
    expect(await screen.findByText('By Friday?')).toBeTruthy();
    expect(screen.queryByTestId('message-internal-toggle')).toBeNull();
    expect(calls[0]!.url).toContain('/task/temporal/link-token/messages');
  });
});
