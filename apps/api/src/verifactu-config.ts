import { z } from 'zod';

const onOff = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** The environment variables of VeriFactu (README, "Configuration"). */
export const verifactuEnv = {
  VERIFACTU_MODE: z.enum(['off', 'verifactu']).default('off'),
  VERIFACTU_SUBMIT: onOff.default(false),
  VERIFACTU_ISSUER_NIF: z.string().optional(),
  VERIFACTU_ISSUER_NAME: z.string().optional(),
  VERIFACTU_SYSTEM_NAME: z.string().optional(),
  VERIFACTU_SYSTEM_ID: z.string().optional(),
  VERIFACTU_INSTALLATION_NUMBER: z.string().optional(),
  VERIFACTU_PRODUCER_NAME: z.string().optional(),
  VERIFACTU_PRODUCER_NIF: z.string().optional(),
  VERIFACTU_ENDPOINT: z.string().optional(),
  VERIFACTU_QR_BASE_URL: z.string().optional(),
  VERIFACTU_CERT_PATH: z.string().optional(),
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
};

type VerifactuEnv = z.infer<ReturnType<typeof z.object<typeof verifactuEnv>>>;

const REQUIRED = [
  'VERIFACTU_ISSUER_NIF',
  'VERIFACTU_ISSUER_NAME',
  'VERIFACTU_SYSTEM_NAME',
  'VERIFACTU_SYSTEM_ID',
  'VERIFACTU_INSTALLATION_NUMBER',
  'VERIFACTU_ENDPOINT',
  'VERIFACTU_QR_BASE_URL',
] as const;
const REQUIRED_TO_SUBMIT = ['VERIFACTU_CERT_PATH', 'VERIFACTU_CERT_PASSWORD'] as const;

/** With the mode on, every setting the records need must be there: start-up names the one missing. */
export function requireVerifactuSettings(env: VerifactuEnv, ctx: z.RefinementCtx): void {
  if (env.VERIFACTU_MODE !== 'verifactu') return;
  const missing = (name: keyof VerifactuEnv, why: string) => {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: why });
  };
  for (const name of REQUIRED) missing(name, 'required when VERIFACTU_MODE is verifactu');
  if (env.VERIFACTU_SUBMIT)
    for (const name of REQUIRED_TO_SUBMIT) missing(name, 'required when VERIFACTU_SUBMIT is on');
  const nif = (name: 'VERIFACTU_ISSUER_NIF' | 'VERIFACTU_PRODUCER_NIF') => {
    const value = env[name];
    if (value && !/^[0-9A-Z]{9}$/.test(value))
      ctx.addIssue({ code: 'custom', path: [name], message: 'a Spanish NIF of 9 letters or digits' });
  };
  nif('VERIFACTU_ISSUER_NIF');
  nif('VERIFACTU_PRODUCER_NIF');
  if (env.VERIFACTU_SYSTEM_ID && env.VERIFACTU_SYSTEM_ID.length > 2)
    ctx.addIssue({ code: 'custom', path: ['VERIFACTU_SYSTEM_ID'], message: 'at most 2 characters' });
  for (const name of ['VERIFACTU_ENDPOINT', 'VERIFACTU_QR_BASE_URL'] as const)
    if (env[name] && !URL.canParse(env[name]))
      ctx.addIssue({ code: 'custom', path: [name], message: 'an absolute URL' });
}

export interface VerifactuConfig {
  mode: 'off' | 'verifactu';
  /** Off: records are made, chained and printed, and wait in the queue. */
  submit: boolean;
  issuer: { nif: string; name: string };
  /** Who makes the invoicing system (SistemaInformatico): Verba's operator unless told otherwise. */
  producer: { nif: string; name: string };
  system: { name: string; id: string; version: string; installationNumber: string };
  endpoint: string;
  qrBaseUrl: string;
  cert: { path: string; password: string } | undefined;
}

export const VERIFACTU_OFF: VerifactuConfig = {
  mode: 'off',
  submit: false,
  issuer: { nif: '', name: '' },
  producer: { nif: '', name: '' },
  system: { name: '', id: '', version: '', installationNumber: '' },
  endpoint: '',
  qrBaseUrl: '',
  cert: undefined,
};

export function verifactuConfig(env: VerifactuEnv, version: string): VerifactuConfig {
  if (env.VERIFACTU_MODE === 'off') return VERIFACTU_OFF;
  const issuer = { nif: env.VERIFACTU_ISSUER_NIF!, name: env.VERIFACTU_ISSUER_NAME! };
  return {
    mode: 'verifactu',
    submit: env.VERIFACTU_SUBMIT,
    issuer,
    producer: {
      nif: env.VERIFACTU_PRODUCER_NIF ?? issuer.nif,
      name: env.VERIFACTU_PRODUCER_NAME ?? issuer.name,
    },
    system: {
      name: env.VERIFACTU_SYSTEM_NAME!,
      id: env.VERIFACTU_SYSTEM_ID!,
      version,
      installationNumber: env.VERIFACTU_INSTALLATION_NUMBER!,
    },
    endpoint: env.VERIFACTU_ENDPOINT!,
    qrBaseUrl: env.VERIFACTU_QR_BASE_URL!,
    cert:
      env.VERIFACTU_CERT_PATH && env.VERIFACTU_CERT_PASSWORD
        ? { path: env.VERIFACTU_CERT_PATH, password: env.VERIFACTU_CERT_PASSWORD }
        : undefined,
  };
}
