import type { FastifyInstance } from 'fastify';
import { call } from './harness.ts';
import { multipart } from './multipart.ts';

/** Languages and the customer a glossary test uploads for, read through the API. */
export interface GlossaryKit {
  acme: number;
  globex: number;
  lang: Record<string, number>;
}

export async function glossaryKit(app: FastifyInstance, adminToken: string): Promise<GlossaryKit> {
  const customers = (
    await call(app, 'GET', '/api/customers', { token: adminToken, query: { per_page: '100' } })
  ).json.data.data as Array<{ id: number; name: string }>;
  const langs = (await call(app, 'GET', '/api/languages', { token: adminToken })).json.data as Array<{
    id: number;
    iso_code: string;
  }>;
  return {
    acme: customers.find((c) => c.name === 'Acme')!.id,
    globex: customers.find((c) => c.name === 'Globex')!.id,
    lang: Object.fromEntries(langs.map((l) => [l.iso_code, l.id])),
  };
}

export interface UploadOptions {
  token: string;
  fields: Record<string, string | string[]>;
  content?: string | Uint8Array;
  name?: string;
  lang?: string;
}

/** POST /api/glossaries with a CSV (or no file when `content` is undefined). */
export async function uploadGlossary(app: FastifyInstance, options: UploadOptions) {
  const files =
    options.content === undefined
      ? []
      : [{ field: 'file', name: options.name ?? 'terms.csv', content: options.content }];
  const form = await multipart(options.fields, files);
  return call(app, 'POST', '/api/glossaries', {
    token: options.token,
    body: form.payload,
    headers: { ...form.headers, ...(options.lang ? { 'accept-language': options.lang } : {}) },
  });
}

/** UTF-16 with a byte-order mark, little or big endian. */
export function utf16(text: string, endian: 'le' | 'be' = 'le'): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  if (endian === 'le') return Buffer.concat([Buffer.from([0xff, 0xfe]), le]);
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1]!, le[i]!];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), be]);
}
