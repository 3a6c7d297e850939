import { describe, expect, it } from 'vitest';
import { altaHuella, altaHuellaText, anulacionHuella, anulacionHuellaText } from './huella.ts';

/*
 * The worked examples of the AEAT's "Detalle de las especificaciones técnicas para generación de
 * la huella o hash de los registros de facturación" (version 0.1.2, sede.agenciatributaria.gob.es,
 * VERI*FACTU technical documentation): a first RegistroAlta, a second one chained to it, and a
 * RegistroAnulacion of the second chained to that.
 */
const FIRST = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const SECOND = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const ANNULMENT = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

const first = {
  IDEmisorFactura: '89890001K',
  NumSerieFactura: '12345678/G33',
  FechaExpedicionFactura: '01-01-2024',
  TipoFactura: 'F1',
  CuotaTotal: '12.35',
  ImporteTotal: '123.45',
  HuellaAnterior: '',
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};

describe('AEAT fingerprint (Huella)', () => {
  it('reproduces the AEAT example of a first RegistroAlta, text and hash', () => {
    expect(altaHuellaText(first)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024' +
        '&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(altaHuella(first)).toBe(FIRST);
  });

  it('reproduces the AEAT example of a chained RegistroAlta', () => {
    const second = {
      ...first,
      NumSerieFactura: '12345679/G34',
      HuellaAnterior: FIRST,
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
    };
    expect(altaHuella(second)).toBe(SECOND);
    expect(altaHuella({ ...second, ImporteTotal: '123.46' })).not.toBe(SECOND);
  });

  it('reproduces the AEAT example of a RegistroAnulacion', () => {
    const annulment = {
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345679/G34',
      FechaExpedicionFacturaAnulada: '01-01-2024',
      HuellaAnterior: SECOND,
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    };
    expect(anulacionHuellaText(annulment)).toBe(
      'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024' +
        `&Huella=${SECOND}&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00`,
    );
    expect(anulacionHuella(annulment)).toBe(ANNULMENT);
  });
});
