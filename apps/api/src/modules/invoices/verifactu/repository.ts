import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  verifactuChain,
  verifactuRecords,
  type AeatAnswer,
  type VerifactuState,
} from '../../../db/schema/index.ts';
import type { BuiltRecord, ChainLink } from './record.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type VerifactuRecordRow = typeof verifactuRecords.$inferSelect;

/** Locks the issuer's chain head (creating it the first time) and returns its last link. */
export async function lockHead(tx: Tx, nif: string): Promise<ChainLink | null> {
  await tx.insert(verifactuChain).values({ issuer_nif: nif }).onConflictDoNothing();
  const [head] = await tx
    .select()
    .from(verifactuChain)
    .where(eq(verifactuChain.issuer_nif, nif))
    .for('update');
  return head?.last_huella
    ? { num_serie: head.last_num_serie!, fecha: head.last_fecha!, huella: head.last_huella }
    : null;
}

/** Writes a record after `previous` and moves the issuer's head to it. */
export async function appendRecord(
  tx: Tx,
  nif: string,
  invoiceId: number,
  recordType: 'alta' | 'anulacion',
  built: BuiltRecord,
  previous: ChainLink | null,
): Promise<VerifactuRecordRow> {
  const [row] = await tx
    .insert(verifactuRecords)
    .values({
      issuer_nif: nif,
      invoice_id: invoiceId,
      record_type: recordType,
      tipo_factura: built.tipo_factura,
      num_serie: built.num_serie,
      fecha_expedicion: built.fecha_expedicion,
      previous_huella: previous?.huella ?? null,
      huella: built.huella,
      generated_at: built.generated_at,
      xml: built.xml,
    })
    .returning();
  await tx
    .update(verifactuChain)
    .set({
      last_record_id: row!.id,
      last_huella: built.huella,
      last_num_serie: built.num_serie,
      last_fecha: built.fecha_expedicion,
    })
    .where(eq(verifactuChain.issuer_nif, nif));
  return row!;
}

/** The latest record of an invoice (what its detail shows). */
export async function latestRecordOf(
  db: Db | Tx,
  invoiceId: number,
): Promise<VerifactuRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(verifactuRecords)
    .where(eq(verifactuRecords.invoice_id, invoiceId))
    .orderBy(desc(verifactuRecords.id))
    .limit(1);
  return row;
}

/** The invoice's first RegistroAlta (its QR names the invoice as that record registered it). */
export async function firstAltaOf(db: Db, invoiceId: number): Promise<VerifactuRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(verifactuRecords)
    .where(and(eq(verifactuRecords.invoice_id, invoiceId), eq(verifactuRecords.record_type, 'alta')))
    .orderBy(asc(verifactuRecords.id))
    .limit(1);
  return row;
}

/** An issuer's records in chain order. */
export function chainOf(db: Db, nif: string): Promise<VerifactuRecordRow[]> {
  return db
    .select()
    .from(verifactuRecords)
    .where(eq(verifactuRecords.issuer_nif, nif))
    .orderBy(asc(verifactuRecords.id));
}

/** The oldest records waiting to be sent (pending, or sent by a process that stopped before the answer). */
export function unsentRecords(db: Db, nif: string, limit: number): Promise<VerifactuRecordRow[]> {
  return db
    .select()
    .from(verifactuRecords)
    .where(and(eq(verifactuRecords.issuer_nif, nif), inArray(verifactuRecords.state, ['pending', 'sent'])))
    .orderBy(asc(verifactuRecords.id))
    .limit(limit);
}

export async function markSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length)
    await db
      .update(verifactuRecords)
      .set({ state: 'sent', sent_at: sql`now()` })
      .where(inArray(verifactuRecords.id, ids));
}

export async function setAnswer(
  db: Db,
  id: number,
  state: VerifactuState,
  answer: AeatAnswer,
): Promise<void> {
  await db.update(verifactuRecords).set({ state, aeat_response: answer }).where(eq(verifactuRecords.id, id));
}

/** When the AEAT may be sent the issuer's next batch (its TiempoEsperaEnvio). */
export async function nextSendAt(db: Db, nif: string): Promise<Date | null> {
  const [head] = await db
    .select({ at: verifactuChain.next_send_at })
    .from(verifactuChain)
    .where(eq(verifactuChain.issuer_nif, nif));
  return head?.at ?? null;
}

export async function setNextSendAt(db: Db, nif: string, at: Date): Promise<void> {
  await db.update(verifactuChain).set({ next_send_at: at }).where(eq(verifactuChain.issuer_nif, nif));
}
