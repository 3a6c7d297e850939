import { and, eq, inArray, isNull } from 'drizzle-orm';
import { invoiceTag, INVOICEABLE_STATES } from '@verba/contracts';
import { invoiceTotals, madridDateOf } from '@verba/contracts/pricing';
import type { Db } from '../client.ts';
import { customers, tasks, users } from '../schema/index.ts';
import { systemActor } from '../../lib/service.ts';
import { invoiceDraft, issueInvoice } from '../../modules/invoices/service.ts';

/**
 * A demo invoice: the admin invoices Acme's tasks that are approved or later and paid (ON_DEMAND),
 * through the invoices service, as the form would. Without such tasks there is nothing to invoice.
 */
export async function seedDemoInvoices(db: Db): Promise<void> {
  const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@verba.test'));
  if (!acme || !admin) return;
  const candidates = await db
    .select({ id: tasks.id, state: tasks.state })
    .from(tasks)
    .where(
      and(
        eq(tasks.customer_id, acme.id),
        inArray(tasks.state, [...INVOICEABLE_STATES]),
        isNull(tasks.invoice_id),
      ),
    );
  const paid = new Set(
    candidates.filter((t) => invoiceTag(t.state, acme.payment_scheme) === 'paid').map((t) => t.id),
  );
  if (!paid.size) return;
  const draft = await invoiceDraft({ db }, acme.id);
  const chosen = draft.tasks.filter((t) => paid.has(t.id));
  const rate = draft.default_tax === 'IVA' ? String(draft.iva_percentage) : '0';
  const totals = invoiceTotals(
    chosen.map((t) => String(t.amount)),
    rate,
  );
  const actor = systemActor({
    id: admin.id,
    type: 'VERBA_ADMIN',
    email: admin.email,
    name: admin.name,
    lastname: admin.lastname,
    language: 'en',
    customer_id: null,
    session_id: 0,
  });
  await issueInvoice({ db }, actor, {
    ...draft.information,
    customer_id: acme.id,
    task_ids: chosen.map((t) => t.id),
    tax: draft.default_tax,
    amount: totals.total,
    issued_at: madridDateOf(new Date()),
  });
}
