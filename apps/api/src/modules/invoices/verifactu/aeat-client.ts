import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { VerifactuConfig } from '../../../verifactu-config.ts';

/** One record's line of the AEAT's answer. */
export interface AnswerLine {
  numSerie: string;
  operation: 'Alta' | 'Anulacion';
  state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  code: string | null;
  text: string | null;
  /** A duplicate's state at the AEAT (the record was registered by an earlier request). */
  duplicateState: string | null;
}

/** The AEAT's answer to one request: a whole-request fault, or a state per record. */
export type AeatReply =
  | { kind: 'fault'; code: string | null; text: string }
  | {
      kind: 'answer';
      status: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
      waitSeconds: number;
      csv: string | null;
      lines: AnswerLine[];
    };

// Elements are matched whatever their namespace prefix.
const tag = (name: string) => `(?:<(?:[\\w-]+:)?${name}>)([\\s\\S]*?)(?:</(?:[\\w-]+:)?${name}>)`;
const first = (xml: string, name: string) => new RegExp(tag(name)).exec(xml)?.[1]?.trim() ?? null;
const all = (xml: string, name: string) => [...xml.matchAll(new RegExp(tag(name), 'g'))].map((m) => m[1]!);
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The seconds to wait before the next request: the AEAT's answer, else its usual 60. */
function waitOf(text: string | null): number {
  const seconds = Number(text);
  return text !== null && Number.isInteger(seconds) && seconds >= 0 ? seconds : 60;
}

/** Reads a RespuestaRegFactuSistemaFacturacion (or a SOAP fault). */
export function parseReply(xml: string): AeatReply {
  const fault = first(xml, 'Fault');
  if (fault !== null) {
    const text = unescape(first(fault, 'faultstring') ?? 'SOAP fault');
    return { kind: 'fault', code: /Codigo\[(\d+)\]/.exec(text)?.[1] ?? null, text };
  }
  const status = first(xml, 'EstadoEnvio');
  if (status !== 'Correcto' && status !== 'ParcialmenteCorrecto' && status !== 'Incorrecto')
    return { kind: 'fault', code: null, text: 'The answer has no EstadoEnvio' };
  const lines = all(xml, 'RespuestaLinea').map((line) => ({
    numSerie: unescape(first(line, 'NumSerieFactura') ?? ''),
    operation: (first(line, 'TipoOperacion') === 'Anulacion'
      ? 'Anulacion'
      : 'Alta') as AnswerLine['operation'],
    state: (first(line, 'EstadoRegistro') ?? 'Incorrecto') as AnswerLine['state'],
    code: first(line, 'CodigoErrorRegistro'),
    text: first(line, 'DescripcionErrorRegistro') && unescape(first(line, 'DescripcionErrorRegistro')!),
    duplicateState: first(line, 'EstadoRegistroDuplicado'),
  }));
  return {
    kind: 'answer',
    status,
    waitSeconds: waitOf(first(xml, 'TiempoEsperaEnvio')),
    csv: first(xml, 'CSV'),
    lines,
  };
}

/**
 * Posts a SOAP request to the configured endpoint: over HTTPS with the client certificate
 * (PKCS#12 file and its password), over plain HTTP only to a local endpoint (the simulated AEAT).
 */
export function postSoap(config: VerifactuConfig, envelope: string, signal: AbortSignal): Promise<string> {
  const url = new URL(config.endpoint);
  const secure = url.protocol === 'https:';
  const tls =
    secure && config.cert ? { pfx: fs.readFileSync(config.cert.path), passphrase: config.cert.password } : {};
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        signal,
        timeout: 120_000,
        ...tls,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          // A SOAP fault comes with 500: its body is the answer.
          if (response.statusCode === 200 || /Fault>/.test(body)) resolve(body);
          else reject(new Error(`AEAT endpoint answered HTTP ${response.statusCode}`));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('AEAT endpoint timed out')));
    request.on('error', reject);
    request.end(envelope);
  });
}
