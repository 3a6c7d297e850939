import type { VerifactuConfig } from '../../../verifactu-config.ts';
import { buildAlta, buildAnulacion, type AltaInput, type RecordFlags } from './record.ts';
import * as repo from './repository.ts';

/**
 * Makes an invoice's RegistroAlta in the issuing transaction: after the issuer's chain head is
 * locked (the caller holds Verba's own chain lock already, so the order is always the same), the
 * record chains to the last one and becomes the head. A refused issue rolls it back with the folio.
 */
export async function recordAlta(
  tx: repo.Tx,
  config: VerifactuConfig,
  invoiceId: number,
  input: AltaInput,
  now = new Date(),
  flags: RecordFlags = {},
): Promise<repo.VerifactuRecordRow> {
  const previous = await repo.lockHead(tx, config.issuer.nif);
  const built = buildAlta(config, input, previous, now, flags);
  return repo.appendRecord(tx, config.issuer.nif, invoiceId, 'alta', built, previous);
}

/** The RegistroAnulacion of an invoice issued in error, chained like any record. */
export async function recordAnulacion(
  tx: repo.Tx,
  config: VerifactuConfig,
  invoice: { id: number; folio: string; issued_at: string },
  now = new Date(),
  flags: RecordFlags = {},
): Promise<repo.VerifactuRecordRow> {
  const previous = await repo.lockHead(tx, config.issuer.nif);
  const built = buildAnulacion(config, invoice, previous, now, flags);
  return repo.appendRecord(tx, config.issuer.nif, invoice.id, 'anulacion', built, previous);
}
