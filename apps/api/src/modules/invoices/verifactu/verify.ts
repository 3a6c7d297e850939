import type { Db } from '../../../db/client.ts';
import { altaHuella, anulacionHuella } from './huella.ts';
import * as repo from './repository.ts';

/** The text of the first element `name` (sf-prefixed) in a stored record. */
function field(xml: string, name: string): string {
  const match = new RegExp(`<sf:${name}>([^<]*)</sf:${name}>`).exec(xml);
  return (match?.[1] ?? '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The Huella a stored record should have, recomputed from its own XML and the record before. */
export function expectedHuella(row: repo.VerifactuRecordRow, previous: string): string {
  const generated = field(row.xml, 'FechaHoraHusoGenRegistro');
  if (row.record_type === 'anulacion')
    return anulacionHuella({
      IDEmisorFacturaAnulada: field(row.xml, 'IDEmisorFacturaAnulada'),
      NumSerieFacturaAnulada: field(row.xml, 'NumSerieFacturaAnulada'),
      FechaExpedicionFacturaAnulada: field(row.xml, 'FechaExpedicionFacturaAnulada'),
      HuellaAnterior: previous,
      FechaHoraHusoGenRegistro: generated,
    });
  return altaHuella({
    IDEmisorFactura: field(row.xml, 'IDEmisorFactura'),
    NumSerieFactura: field(row.xml, 'NumSerieFactura'),
    FechaExpedicionFactura: field(row.xml, 'FechaExpedicionFactura'),
    TipoFactura: field(row.xml, 'TipoFactura'),
    CuotaTotal: field(row.xml, 'CuotaTotal'),
    ImporteTotal: field(row.xml, 'ImporteTotal'),
    HuellaAnterior: previous,
    FechaHoraHusoGenRegistro: generated,
  });
}

/**
 * Walks an issuer's AEAT chain in order, recomputing every Huella from the record's XML and
 * checking each names the one before (in its column and in its Encadenamiento): the id of the
 * first record that does not match, or null when the chain is whole.
 */
export async function brokenRecord(db: Db, nif: string): Promise<number | null> {
  let previous = '';
  for (const row of await repo.chainOf(db, nif)) {
    const named = row.xml.includes('<sf:PrimerRegistro>S</sf:PrimerRegistro>')
      ? ''
      : field(row.xml, 'Huella');
    if (
      (row.previous_huella ?? '') !== previous ||
      named !== previous ||
      row.huella !== expectedHuella(row, previous) ||
      field(row.xml.slice(row.xml.lastIndexOf('<sf:TipoHuella>')), 'Huella') !== row.huella
    )
      return row.id;
    previous = row.huella;
  }
  return null;
}
