import { createHash } from 'node:crypto';

/** The fields of a RegistroAlta that its Huella covers, as they are written in the XML. */
export interface AltaHuellaFields {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  /** dd-mm-yyyy */
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  /** The previous record's Huella; empty for the first record of the chain. */
  HuellaAnterior: string;
  FechaHoraHusoGenRegistro: string;
}

/** The fields of a RegistroAnulacion that its Huella covers. */
export interface AnulacionHuellaFields {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  HuellaAnterior: string;
  FechaHoraHusoGenRegistro: string;
}

// Values are trimmed and joined as name=value&… in the AEAT's fixed order; an empty value keeps
// its "name=" (the first record's Huella=).
const join = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${k}=${v.trim()}`).join('&');

export const altaHuellaText = (f: AltaHuellaFields) =>
  join([
    ['IDEmisorFactura', f.IDEmisorFactura],
    ['NumSerieFactura', f.NumSerieFactura],
    ['FechaExpedicionFactura', f.FechaExpedicionFactura],
    ['TipoFactura', f.TipoFactura],
    ['CuotaTotal', f.CuotaTotal],
    ['ImporteTotal', f.ImporteTotal],
    ['Huella', f.HuellaAnterior],
    ['FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro],
  ]);

export const anulacionHuellaText = (f: AnulacionHuellaFields) =>
  join([
    ['IDEmisorFacturaAnulada', f.IDEmisorFacturaAnulada],
    ['NumSerieFacturaAnulada', f.NumSerieFacturaAnulada],
    ['FechaExpedicionFacturaAnulada', f.FechaExpedicionFacturaAnulada],
    ['Huella', f.HuellaAnterior],
    ['FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro],
  ]);

/** SHA-256 of the UTF-8 text, uppercase hexadecimal (TipoHuella 01). */
export const sha256Upper = (text: string) =>
  createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();

export const altaHuella = (f: AltaHuellaFields) => sha256Upper(altaHuellaText(f));
export const anulacionHuella = (f: AnulacionHuellaFields) => sha256Upper(anulacionHuellaText(f));
