import http from 'node:http';
import https from 'node:https';
import { guardedLookup, refusedBeforeConnecting } from './address-guard.ts';
import { signatureHeader } from './signature.ts';

/** The first kilobyte of an answer is kept with the attempt. */
const KEPT_ANSWER_BYTES = 1024;

export interface AttemptResult {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  response: string | null;
  ok: boolean;
}

export interface Shipment {
  url: string;
  secret: string;
  body: string;
  eventType: string;
  deliveryId: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * One POST of a delivery, signed at the moment it leaves. A 2xx answer is a success; anything
 * else (another status, a timeout, a refused address) is a failure to retry. Never throws.
 */
export async function sendOnce(shipment: Shipment): Promise<AttemptResult> {
  const startedAt = new Date();
  const done = (fields: Pick<AttemptResult, 'statusCode' | 'error' | 'response'>): AttemptResult => ({
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    ok: fields.statusCode !== null && fields.statusCode >= 200 && fields.statusCode < 300,
    ...fields,
  });
  let url: URL;
  try {
    url = new URL(shipment.url);
  } catch {
    return done({ statusCode: null, error: 'invalid URL', response: null });
  }
  const refused = refusedBeforeConnecting(url, shipment.allowPrivate);
  if (refused) return done({ statusCode: null, error: refused, response: null });
  const signature = signatureHeader(shipment.secret, shipment.body, Math.floor(startedAt.getTime() / 1000));
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const fail = (error: string) =>
      settle(done({ statusCode: null, error: error.slice(0, 500), response: null }));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        ...(shipment.allowPrivate ? {} : { lookup: guardedLookup }),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(shipment.body),
          'user-agent': 'Verba-Webhooks/1',
          'verba-event': shipment.eventType,
          'verba-delivery': shipment.deliveryId,
          'verba-signature': signature,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () =>
          settle(
            done({
              statusCode: response.statusCode ?? null,
              error: null,
              response: Buffer.concat(chunks).subarray(0, KEPT_ANSWER_BYTES).toString('utf8'),
            }),
          );
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          // the rest of a long answer is not read
          if (kept >= KEPT_ANSWER_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    // the whole exchange, not only a silent socket, has the timeout
    const timer = setTimeout(() => fail(`no answer within ${shipment.timeoutMs} ms`), shipment.timeoutMs);
    request.on('error', (err) => fail(err.message));
    request.end(shipment.body);
  });
}
