// Every modal that writes, fed a 422 (it shows the server's field errors and message, and stays
// open) and a 5xx (the connection-error modal is the one reaction; the modal keeps what was typed).
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useAuthStore } from '../lib/auth-store.ts';
import { initI18n } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { connectApiClient } from '../app/session.ts';
import { ModalHost } from '../app/modal-host.tsx';
import { modals } from '../components/modals/modal-store.ts';
import { api } from '../lib/api-client.ts';
import { OtherConceptModal } from '../features/tasks/components/detail/other-concept-modal.tsx';
import { PaymentModal } from '../features/tasks/components/detail/payment-modal.tsx';
import { ConvertModal } from '../features/tasks/components/detail/guest-request-section.tsx';
import { InvoiceActions } from '../features/invoices/components/invoice-actions.tsx';
import { RateFormModal } from '../features/rates/components/rate-form-modal.tsx';
import { BonusModal } from '../features/customers/components/bonus-modal.tsx';
import { AssignProjectsModal } from '../features/customers/components/assign-projects-modal.tsx';
import { ChangePasswordModal } from '../features/account/components/change-password-modal.tsx';

type Failure = { status: number; body: unknown };
let failure: Failure = { status: 500, body: { message: 'Down' } };

/** Reads answer with what the modal needs; every write answers `failure`. */
function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') {
        if (url.includes('/languages'))
          return Response.json({
            data: [
              { id: 1, name: 'English', iso_code: 'en' },
              { id: 2, name: 'Spanish', iso_code: 'es' },
            ],
          });
        if (url.includes('/customers/')) return Response.json({ data: { id: 5 } });
        return Response.json({ data: null });
      }
      return new Response(JSON.stringify(failure.body), { status: failure.status });
    }),
  );
}

const task = { id: 8, code: 'T-8', description: 'Brochure' } as never;
const invoice = {
  id: 3,
  folio: 'F-2026-3',
  abilities: { can_send: false, can_rectify: false, can_mark_paid: true },
} as never;

interface Case {
  name: string;
  ui: (close: () => void) => ReactNode;
  /** opens the dialog when a button does it, fills what the client checks */
  fill: () => Promise<unknown> | unknown;
  submit: string;
  /** the submit button's test id, when its name is also the name of the button that opens it */
  submitId?: string;
  /** a field the modal shows, and the input that keeps what was typed */
  field: string;
  typed?: { label: string; value: string };
}

const labelled = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
const type = async (label: string, value: string) =>
  fireEvent.change(await screen.findByLabelText(labelled(label), { selector: 'input' }), {
    target: { value },
  });

const CASES: Case[] = [
  {
    name: 'other concept',
    ui: (close) => <OtherConceptModal taskId={8} concept={null} onClose={close} />,
    fill: async () => {
      await type('Concept', 'Layout');
      await type('Price', '10');
    },
    submit: 'Save',
    field: 'price',
    typed: { label: 'Concept', value: 'Layout' },
  },
  {
    name: 'payment received',
    ui: (close) => <PaymentModal taskId={8} onClose={close} />,
    fill: async () => {
      await type('Amount', '10');
      await type('Payment method', 'Transfer');
    },
    submit: 'Save',
    field: 'amount',
    typed: { label: 'Payment method', value: 'Transfer' },
  },
  {
    name: 'guest conversion',
    ui: (close) => (
      <ConvertModal
        task={task}
        request={
          {
            company_name: 'Initech',
            first_name: 'Bill',
            last_name: 'Lumbergh',
            email: 'b@initech.test',
          } as never
        }
        onClose={close}
      />
    ),
    fill: () => undefined,
    submit: 'Turn into customer',
    field: 'email',
  },
  {
    name: 'invoice marked paid',
    ui: () => <InvoiceActions invoice={invoice} />,
    fill: async () => fireEvent.click(await screen.findByTestId('invoice-mark-paid')),
    submit: 'Mark paid',
    submitId: 'invoice-dialog-confirm',
    field: 'method',
  },
  {
    name: 'rate',
    ui: (close) => (
      <RateFormModal
        owner={{ kind: 'general' }}
        rate={{ id: 4, source_lang: 1, target_lang: 2, r1: '0.1000', r2: '30.00' } as never}
        onClose={close}
      />
    ),
    fill: () => undefined,
    submit: 'Save changes',
    field: 'r1',
  },
  {
    name: 'bonus',
    ui: (close) => <BonusModal customerId={5} users={[]} onClose={close} />,
    fill: () => type('Amount', '20'),
    submit: 'Add bonus',
    field: 'amount',
  },
  {
    name: 'assign projects',
    ui: (close) => <AssignProjectsModal customerId={5} onClose={close} />,
    fill: async () => {
      await screen.findByTestId('assign-memoq');
      fireEvent.change(screen.getByTestId('assign-memoq'), { target: { value: 'P-1' } });
      fireEvent.change(screen.getByTestId('assign-idcp'), { target: { value: 'I-1' } });
    },
    submit: 'Save projects',
    field: 'memoq_project_id',
  },
  {
    name: 'change password',
    ui: (close) => <ChangePasswordModal onClose={close} />,
    fill: async () => {
      await type('Current password', 'old-password');
      await type('New password', 'new-password-1');
      await type('Confirm the new password', 'new-password-1');
    },
    submit: 'Save',
    field: 'current_password',
  },
  {
    name: 'confirmation (cancel a task)',
    ui: () => null,
    fill: () =>
      act(() =>
        modals.open('confirm', {
          title: 'Cancel the task',
          message: 'Cancel it?',
          confirmLabel: 'Cancel the task',
          cancelLabel: 'Keep the task',
          onConfirm: () => api.post('/tasks/8/cancel', undefined, { handles: [422] }).then(() => undefined),
        }),
      ),
    submit: 'Cancel the task',
    field: 'state',
  },
];

function renderCase(c: Case, onClose: () => void) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          {c.ui(onClose)}
          <ModalHost />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const submitOf = (c: Case) =>
  c.submitId ? screen.findByTestId(c.submitId) : screen.findByRole('button', { name: c.submit });

const dialogWith = (name: string) =>
  screen.getAllByRole('dialog').find((d) => within(d).queryByRole('button', { name }));

describe('every modal against a refusal (422) and a server failure (5xx)', () => {
  beforeAll(() => {
    initI18n('en');
    connectApiClient();
    setNavigator(() => undefined);
  });
  afterEach(() => {
    act(() => modals.closeAll());
    vi.unstubAllGlobals();
  });

  it.each(CASES)('$name: a 422 shows the field error and the server message; the modal stays', async (c) => {
    useAuthStore.setState({
      token: 't',
      expiresAt: Date.now() + 60_000,
      user: { id: 1 } as never,
      locale: 'en',
    });
    failure = {
      status: 422,
      body: {
        message: 'The task cannot change now.',
        errors: { [c.field]: ['This field is refused.'], somewhere_else: ['Something else is wrong.'] },
      },
    };
    stubApi();
    const onClose = vi.fn();
    renderCase(c, onClose);
    await c.fill();
    fireEvent.click(await submitOf(c));
    const notice = await screen.findByTestId('form-error');
    expect(notice.textContent).toContain('Something else is wrong.');
    if (c.field !== 'state') expect(screen.getByText('This field is refused.')).toBeTruthy();
    else expect(notice.textContent).toContain('This field is refused.');
    expect(onClose).not.toHaveBeenCalled();
    expect(dialogWith(c.submit)).toBeTruthy();
    // One reaction: no validation modal on top of the form.
    expect(screen.queryByText('Incorrect information')).toBeNull();
  });

  it.each(CASES)('$name: a 422 with only a message shows that message', async (c) => {
    useAuthStore.setState({
      token: 't',
      expiresAt: Date.now() + 60_000,
      user: { id: 1 } as never,
      locale: 'en',
    });
    failure = { status: 422, body: { message: 'The task cannot change now.' } };
    stubApi();
    renderCase(c, vi.fn());
    await c.fill();
    fireEvent.click(await submitOf(c));
    expect((await screen.findByTestId('form-error')).textContent).toBe('The task cannot change now.');
  });

  it.each(CASES)('$name: a 5xx opens the connection-error modal; the modal keeps its input', async (c) => {
    useAuthStore.setState({
      token: 't',
      expiresAt: Date.now() + 60_000,
      user: { id: 1 } as never,
      locale: 'en',
    });
    failure = { status: 503, body: { message: 'Down' } };
    stubApi();
    const onClose = vi.fn();
    renderCase(c, onClose);
    await c.fill();
    fireEvent.click(await submitOf(c));
    expect(await screen.findByText(/the server is not responding/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('form-error')).toBeNull());
    if (c.typed)
      expect(
        (screen.getByLabelText(labelled(c.typed.label), { selector: 'input' }) as HTMLInputElement).value,
      ).toBe(c.typed.value);
  });
});
