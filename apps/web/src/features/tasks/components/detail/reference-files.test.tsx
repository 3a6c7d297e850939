// The task detail's new parts as a client sees them: the PO number and reference, the reference
// files (each a download) and the "Order again" action.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderSignedIn } from '../../../../test/render-signed-in.tsx';
import type { TaskDetail } from '../../api/types.ts';
import { GeneralSection } from './general-section.tsx';
import { ReferenceFilesSection } from './reference-files-section.tsx';
import { TaskActions } from './task-actions.tsx';

const task = {
  id: 8,
  code: 'T-8',
  description: 'Spring brochure',
  comments: 'Keep the headings short',
  po_number: 'PO-EARLIER',
  client_reference: null,
  review: false,
  custom_quote: false,
  source_files_validated: false,
  source_files_validation_requested: false,
  current_task_state: {
    state: 'DRAFT',
  },
  state: 'DRAFT',
  analysis_error: null,
  source_language: {
    id: 6,
    iso_code: 'en',
    name: 'English',
  },
  target_languages: [
    {
      target_language_id: 23,
      target_language: {
        id: 23,
        iso_code: 'es',
        name: 'Spanish',
      },
    },
  ],
  translation_type_id: 1,
  translation_type: {
    id: 1,
    percent: '100.00',
    name: 'Human',
    description: 'Professional translation by a native linguist.',
    description_2: 'For documents that will be published or have legal weight.',
  },
  department_id: 1,
  department: {
    id: 1,
    title: 'Marketing',
  },
  customer: null,
  user: {
    name: 'Alice',
    lastname: 'Acme',
    type: 'CLIENT_ADMIN',
  },
  source_files: [
    {
      id: 8,
      file_name: 'brochure.txt',
      size: 23,
      filter: 'txt',
      error: null,
      word_count: [
        {
          id: 10,
          source_file_id: 8,
          target_language_id: 23,
          total_words: 6,
          percent101: 0,
          percent100: 0,
          percent95: 0,
          percent85: 0,
          percent75: 0,
          percent50: 0,
          no_match: 6,
          repetitions: 0,
          characters: 18,
          internal_word_counts: null,
        },
      ],
      translated_files: [],
    },
  ],
  reference_files: [
    {
      id: 1,
      file_name: 'style-guide.pdf',
      size: 56,
    },
  ],
  word_count: 6,
  base_price: '0.48',
  discount_percentage: '5.00',
  discount_amount: '0.02',
  other_prices: '0.00',
  price_taxes: '0.10',
  other_prices_taxes: '0.00',
  tax_name: 'IVA',
  tax_percentage: '21.00',
  taxed_price: '0.56',
  amount_to_pay: '0.56',
  days_to_add: 0,
  due_date: '2026-12-03T22:59:59.999Z',
  quoted_at: '2026-11-27T12:16:15.726Z',
  other_concepts: [],
  payments: [],
  outstanding_balance: '0.56',
  quote_readiness: {
    fully_priced: true,
    unpriced_language_ids: [],
    reason: null,
  },
  changes: [
    {
      id: 23,
      from_state: null,
      to_state: 'CALCULATING',
      created_at: '2026-11-27T12:16:14.470Z',
      reason: 'created',
      note: null,
      user_name: 'Alice',
      user_lastname: 'Acme',
    },
    {
      id: 24,
      from_state: 'CALCULATING',
      to_state: 'DRAFT',
      created_at: '2026-11-27T12:16:15.583Z',
      reason: 'analysed',
      note: null,
      user_name: null,
      user_lastname: null,
    },
  ],
  invoice: null,
  abilities: {
    can_edit: true,
    can_cancel: true,
    can_reactivate: false,
    can_pay: true,
    can_send_to_production: false,
    can_download_quote: true,
    can_change_status: false,
    can_edit_concepts: false,
    can_upload_translations: false,
    can_download_translations: false,
    can_recalculate: false,
    can_delete: false,
    can_order_again: true,
  },
  created_at: '2026-11-27T12:16:14.470Z',
  updated_at: '2026-11-27T12:16:15.726Z',
} as unknown as TaskDetail;

afterEach(cleanup);

describe('the task detail: PO number, reference files, order again', () => {
  it('shows the PO number and the reference files, and offers to order the task again', async () => {
    renderSignedIn(
      <>
        <GeneralSection task={task} staff={false} />
        <ReferenceFilesSection task={task} />
        <TaskActions task={task} />
      </>,
    );
    expect((await screen.findByTestId('task-po-number')).textContent).toContain('PO-EARLIER');
    expect(screen.getByRole('button', { name: 'Download style-guide.pdf' })).toBeTruthy();
    expect(screen.getByTestId('order-again').getAttribute('href')).toBe(`/tasks/create?again=${task.id}`);
  });

  it('says so when there are none, and hides Order again when the API does not offer it', async () => {
    renderSignedIn(
      <>
        <ReferenceFilesSection task={{ ...task, reference_files: [] }} />
        <TaskActions task={{ ...task, abilities: { ...task.abilities, can_order_again: false } }} />
      </>,
      { locale: 'es' },
    );
    expect(await screen.findByText('No hay archivos de referencia.')).toBeTruthy();
    expect(screen.queryByTestId('order-again')).toBeNull();
  });
});
