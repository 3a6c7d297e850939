import type { Paginated, TaskListQuery } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import { toCappedPage } from '../../../lib/paging.ts';
import { searchPage, taskListStatements, type ListRow, type TaskLister, type TaskListRow } from './list.ts';

/** A page of the task list as the lister may see it: a search's matches, or the filtered rows. */
export async function listTasks(
  db: Db,
  lister: TaskLister,
  q: TaskListQuery,
): Promise<Paginated<TaskListRow> & { total_is_capped: boolean }> {
  let rows: ListRow[];
  let total: number;
  if (q.search) {
    const found = await searchPage(db, lister, { ...q, search: q.search });
    rows = found.rows;
    total = found.matches;
  } else {
    const statements = taskListStatements(db, lister, q);
    const values = {
      scope_customer: lister.customer_id,
      scope_user: lister.id,
      state: q.state,
      client: q.client,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    };
    const page = await statements.page.execute(values);
    rows = page;
    total = page.length ? page[0]!.matches : ((await statements.count.execute(values))[0]?.n ?? 0);
  }
  return toCappedPage(
    rows.map((r) => ({
      id: r.id,
      code: r.code,
      description: r.description,
      created_at: r.created_at,
      state: r.state,
      customer: r.customer_id ? { id: r.customer_id, name: r.customer_name ?? '' } : null,
      department: r.department_id ? { id: r.department_id, title: r.department_title ?? '' } : null,
      requested_by: r.user_name ? { name: r.user_name, lastname: r.user_lastname ?? '' } : null,
      invoice_folio: r.invoice_folio,
      invoice_payment_status: r.invoice_payment_status,
      customer_payment_scheme: r.customer_payment_scheme,
      amount_without_taxes: r.amount_without_taxes,
      po_number: r.po_number,
      client_reference: r.client_reference,
      guest_company: r.guest_company,
      guest_name: r.guest_name,
      due_date: r.due_date,
    })),
    total,
    q,
  );
}
