import type { VerifactuConfig } from '../src/verifactu-config.ts';

/** VeriFactu settings for tests: an issuer, the system, the AEAT's test QR host. */
export const VERIFACTU_TEST: VerifactuConfig = {
  mode: 'verifactu',
  submit: false,
  issuer: { nif: 'B12345674', name: 'Verba Traducciones SL' },
  producer: { nif: 'B12345674', name: 'Verba Traducciones SL' },
  system: { name: 'Verba', id: 'VB', version: '0.1.0', installationNumber: 'TEST-1' },
  endpoint: 'http://127.0.0.1:1/aeat',
  qrBaseUrl: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
  cert: undefined,
};
