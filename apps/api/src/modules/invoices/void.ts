/**
 * Voiding an invoice issued in error (a RegistroAnulacion) and replacing an AEAT record that was
 * rejected (subsanación). Both add a record at the head of the issuer's AEAT chain in one
 * transaction; no record is ever edited (ADR 0031).
 */
import { AppError, notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import type { Db } from '../../db/client.ts';
import { releaseInvoicedTasks } from '../tasks/service.ts';
import { altaOf } from './issue.ts';
import { assertCan } from './policy.ts';
import * as repo from './repository.ts';
import { recordAlta, recordAnulacion } from './verifactu/records.ts';
import { latestRecordOf, type VerifactuRecordRow } from './verifactu/repository.ts';
import { queueSubmission } from './verifactu/submit.ts';

type VoidDeps = Pick<Deps, 'db' | 'config' | 'jobs'>;

/** The invoice the actor may act on (404 for another customer's, 403 without the permission). */
async function actionableInvoice(deps: VoidDeps, actor: Actor, id: number) {
  const invoice = await repo.findInvoice(deps.db, id);
  if (!invoice) throw notFound();
  assertCan(actor.user, 'view', invoice);
  assertCan(actor.user, 'issue', invoice);
  return invoice;
}

function verifactuConfig(deps: VoidDeps) {
  const config = deps.config.verifactu;
  if (config.mode !== 'verifactu') throw new AppError(422, 'invoices.verifactu_off');
  return config;
}

const latestOf = (row: VerifactuRecordRow | undefined) =>
  row ? { record_type: row.record_type, state: row.state } : null;

/**
 * POST /invoices/{id}/void. The invoice keeps its folio (the series stays gap-free), its content
 * and its ADR 0017 hash; the AEAT chain gets its RegistroAnulacion (SinRegistroPrevio when the
 * AEAT never accepted its RegistroAlta) and its tasks may be invoiced again. Verba's own chain
 * head is locked first, as when issuing, so the two locks are always taken in the same order.
 */
export async function voidInvoice(
  deps: VoidDeps,
  actor: Actor,
  id: number,
  input: { reason: string },
): Promise<Outcome<{ id: number; folio: string }>> {
  const invoice = await actionableInvoice(deps, actor, id);
  const config = verifactuConfig(deps);
  await deps.db.transaction(async (tx) => {
    await repo.lockChain(tx);
    const locked = (await repo.lockInvoice(tx, id))!;
    const rectified = (await repo.correctiveOf(tx, id)) !== undefined;
    const latest = await latestRecordOf(tx, id);
    assertCan(actor.user, 'void', { ...locked, rectified, record: latestOf(latest) });
    await recordAnulacion(tx, config, locked, new Date(), { unregistered: latest!.state === 'rejected' });
    await releaseInvoicedTasks(tx, locked.id);
    await queueSubmission(deps, tx as Db);
  });
  return outcome(
    { id: invoice.id, folio: invoice.folio },
    {
      action: 'invoices.void',
      key: 'invoices.voided',
      params: { folio: invoice.folio, reason_text: input.reason },
      customerId: invoice.customer_id,
    },
  );
}

/**
 * POST /invoices/{id}/verifactu/retry: the invoice's latest record was rejected by the AEAT (or,
 * for a RegistroAlta, accepted with errors); a new one of the same kind is made from the invoice
 * as it stands and the configuration as it is now (corrected), marked as a subsanación (after a
 * rejection: RechazoPrevio S), chained at the head and queued. The old record stays as it was.
 */
export async function retryRecord(
  deps: VoidDeps,
  actor: Actor,
  id: number,
): Promise<Outcome<{ id: number; folio: string }>> {
  const invoice = await actionableInvoice(deps, actor, id);
  const config = verifactuConfig(deps);
  await deps.db.transaction(async (tx) => {
    await repo.lockChain(tx);
    const locked = (await repo.lockInvoice(tx, id))!;
    const latest = await latestRecordOf(tx, id);
    assertCan(actor.user, 'retry-record', { ...locked, record: latestOf(latest) });
    if (latest!.record_type === 'anulacion') {
      await recordAnulacion(tx, config, locked, new Date(), {
        retryOfRejected: true,
        unregistered: latest!.xml.includes('<sf:SinRegistroPrevio>S<'),
      });
    } else {
      const country = await repo.findCountryRow(tx as Db, locked.country_id);
      const rectified = locked.rectifies_id
        ? await repo.findInvoice(tx as Db, locked.rectifies_id)
        : undefined;
      const lines = await repo.linesOf(tx, id);
      const input = altaOf(
        { ...locked, country_code: country?.code ?? '', lines },
        rectified ? { folio: rectified.folio, issued_at: rectified.issued_at } : null,
      );
      await recordAlta(
        tx,
        config,
        id,
        input,
        new Date(),
        latest!.state === 'rejected' ? { retryOfRejected: true } : { retryOfAcceptedWithErrors: true },
      );
    }
    await queueSubmission(deps, tx as Db);
  });
  return outcome(
    { id: invoice.id, folio: invoice.folio },
    {
      action: 'invoices.verifactu_retry',
      key: 'invoices.verifactu_retried',
      params: { folio: invoice.folio },
      customerId: invoice.customer_id,
    },
  );
}
