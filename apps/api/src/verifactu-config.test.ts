import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startupFailureMessage } from './startup-checks.ts';

const complete = {
  VERIFACTU_MODE: 'verifactu',
  VERIFACTU_ISSUER_NIF: 'B12345674',
  VERIFACTU_ISSUER_NAME: 'Verba Traducciones SL',
  VERIFACTU_SYSTEM_NAME: 'Verba',
  VERIFACTU_SYSTEM_ID: 'VB',
  VERIFACTU_INSTALLATION_NUMBER: '1',
  VERIFACTU_ENDPOINT: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  VERIFACTU_QR_BASE_URL: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return startupFailureMessage(err, undefined);
  }
  return null;
};

describe('VeriFactu settings', () => {
  it('are not needed with the mode off', () => {
    expect(loadConfig({}).verifactu.mode).toBe('off');
  });

  it('refuse to start with the mode on and a setting missing, naming it', () => {
    for (const name of Object.keys(complete).filter((k) => k !== 'VERIFACTU_MODE')) {
      const env: Record<string, string> = { ...complete };
      delete env[name];
      expect(refusal(env)).toContain(name);
    }
  });

  it('need the certificate only to submit', () => {
    expect(loadConfig(complete).verifactu).toMatchObject({
      mode: 'verifactu',
      submit: false,
      cert: undefined,
    });
    expect(refusal({ ...complete, VERIFACTU_SUBMIT: 'on' })).toContain('VERIFACTU_CERT_PATH');
    for (const [name, other] of [
      ['VERIFACTU_CERT_PATH', { VERIFACTU_CERT_PASSWORD: 'x' }],
      ['VERIFACTU_CERT_PASSWORD', { VERIFACTU_CERT_PATH: '/c.p12' }],
    ] as const)
      expect(refusal({ ...complete, VERIFACTU_SUBMIT: 'on', ...other })).toContain(name);
    const on = loadConfig({
      ...complete,
      VERIFACTU_SUBMIT: 'on',
      VERIFACTU_CERT_PATH: '/c.p12',
      VERIFACTU_CERT_PASSWORD: 'x',
    });
    expect(on.verifactu.cert).toEqual({ path: '/c.p12', password: 'x' });
    expect(on.verifactu.system.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(on.verifactu.producer).toEqual({ nif: 'B12345674', name: 'Verba Traducciones SL' });
  });

  it('refuse a malformed NIF or system id', () => {
    expect(refusal({ ...complete, VERIFACTU_ISSUER_NIF: 'B123' })).toContain('VERIFACTU_ISSUER_NIF');
    expect(refusal({ ...complete, VERIFACTU_SYSTEM_ID: 'VBX' })).toContain('VERIFACTU_SYSTEM_ID');
  });
});
