import { isStaff } from '@verba/contracts';
import { AppError } from '../../lib/app-error.ts';
import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

/** An invoice as far as the rules need it. */
interface Invoice {
  customer_id: number;
  payment_status: string;
  rectifies_id: number | null;
}

/** The invoice's latest AEAT record, as far as the rules need it (null without one). */
interface LatestRecord {
  record_type: 'alta' | 'anulacion';
  state: string;
}

/**
 * Who may do what with invoices (DESIGN §13; deny by default). Staff reach every customer's
 * invoices, a client admin its own customer's (another's is 404).
 */
interface Subjects {
  /** the list, an invoice and its PDF */
  view: Pick<Invoice, 'customer_id'>;
  /** issue, mark paid, mail, correct: the provider admin only */
  issue: Pick<Invoice, 'customer_id'>;
  /** the accountant's CSV */
  export: undefined;
  /** what the invoice screen offers: mark a pending invoice paid */
  'mark-paid': Invoice;
  /** mail it */
  send: Pick<Invoice, 'customer_id'>;
  /** correct it with a rectifying invoice, unless it is one or has one (`rectified`) */
  rectify: Invoice & { rectified: boolean; voided: boolean };
  /**
   * void an invoice issued in error (a RegistroAnulacion): one registered with the AEAT, not
   * voided yet, neither corrective nor corrected (the correction already cancels it)
   */
  void: Invoice & { rectified: boolean; record: LatestRecord | null };
  /** replace the AEAT record it rejected by a subsanación */
  'retry-record': Pick<Invoice, 'customer_id'> & { record: LatestRecord | null };
}

/**
 * Whose invoices the user reads: undefined for staff (all), the own customer's id for a client
 * admin, or null when a client has no customer (none).
 */
export function listScope(user: CurrentUser): number | null | undefined {
  if (isStaff(user.type)) return undefined;
  return user.customer_id;
}

const reaches = (user: PolicyUser, invoice: Pick<Invoice, 'customer_id'>): true | 404 => {
  const scope = user ? listScope(user) : null;
  return scope === undefined || scope === invoice.customer_id || 404;
};

const rules: Rules<Subjects> = {
  view: { role: 'invoices:view', subject: reaches },
  issue: { role: 'invoices:issue', subject: reaches },
  export: { role: 'invoices:export' },
  'mark-paid': {
    role: 'invoices:issue',
    subject: (user, invoice) => (invoice.payment_status === 'pending' ? reaches(user, invoice) : 403),
  },
  send: { role: 'invoices:issue', subject: reaches },
  rectify: {
    role: 'invoices:issue',
    subject: (user, invoice) =>
      invoice.rectifies_id === null && !invoice.rectified && !invoice.voided ? reaches(user, invoice) : 403,
  },
  void: {
    role: 'invoices:issue',
    subject: (user, invoice) => {
      const reach = reaches(user, invoice);
      if (reach !== true) return reach;
      if (invoice.rectifies_id !== null) return new AppError(422, 'invoices.void_corrective');
      if (invoice.rectified) return new AppError(422, 'invoices.void_rectified');
      if (!invoice.record) return new AppError(422, 'invoices.void_unregistered');
      if (invoice.record.record_type === 'anulacion') return new AppError(422, 'invoices.already_voided');
      return true;
    },
  },
  'retry-record': {
    role: 'invoices:issue',
    subject: (user, invoice) => {
      const reach = reaches(user, invoice);
      if (reach !== true) return reach;
      const record = invoice.record;
      // A rejected record of either kind; a RegistroAlta the AEAT accepted with errors (its
      // subsanación). An anulación has no Subsanacion field: once accepted it stands.
      const correctable =
        record?.state === 'rejected' ||
        (record?.state === 'accepted_with_errors' && record.record_type === 'alta');
      return correctable ? true : new AppError(422, 'invoices.verifactu_not_rejected');
    },
  },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);

/** What the invoice screen may offer the user. */
export function abilitiesFor(
  user: CurrentUser,
  invoice: Invoice,
  rectified: boolean,
  record: LatestRecord | null,
) {
  const voided = record?.record_type === 'anulacion';
  return {
    can_mark_paid: !voided && can(user, 'mark-paid', invoice),
    can_send: can(user, 'send', invoice),
    can_rectify: can(user, 'rectify', { ...invoice, rectified, voided }),
    can_void: can(user, 'void', { ...invoice, rectified, record }),
    can_retry_verifactu: can(user, 'retry-record', { ...invoice, record }),
  };
}
