import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';

const MB = 1024 * 1024;
let t: TestApp;
let token: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ uploads: { maxFileBytes: MB, maxTaskBytes: 2 * MB, maxFiles: 2 } });
  token = await login(t.app, DEMO.acmeUser);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/**
 * Writes the whole request and waits until the socket took all of it before reading anything (as
 * simple clients do), then reads the answer. The timeout only detects a hang, it is no speed test.
 */
function sendWholeBodyThenRead(
  path: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const hang = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer: the upload hung'));
    }, 10_000);
    const head = [
      `POST ${path} HTTP/1.1`,
      'host: 127.0.0.1',
      `authorization: Bearer ${token}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      `content-length: ${body.length}`,
      '',
      '',
    ].join('\r\n');
    socket.pause();
    socket.write(Buffer.concat([Buffer.from(head), body]), (err) => {
      if (err) return reject(err);
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        const split = text.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(text.slice(0, split))?.[1];
        if (split < 0 || length === undefined || text.length < split + 4 + Number(length)) return;
        clearTimeout(hang);
        socket.destroy();
        resolve({ status: Number(text.slice(9, 12)), body: text.slice(split + 4) });
      });
      socket.resume();
    });
    socket.on('error', (err) => {
      clearTimeout(hang);
      reject(err);
    });
  });
}

const fields = { description: 'Too much', 'target_languages[]': ['2'] };

describe('a refused upload still answers a client that sends the whole body first', () => {
  it('a file over the size limit: 413 at once', async () => {
    const form = await multipart(fields, [{ name: 'big.txt', content: new Uint8Array(6 * MB).fill(65) }]);
    const res = await sendWholeBodyThenRead('/api/tasks/store-as-draft', form.payload, form.headers);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBeTruthy();
  });

  it('a file type we do not take, followed by a large one: 422 at once', async () => {
    const form = await multipart(fields, [
      { name: 'virus.exe', content: 'MZ' },
      { name: 'big.txt', content: new Uint8Array(6 * MB).fill(65) },
    ]);
    const res = await sendWholeBodyThenRead('/api/tasks/store-as-draft', form.payload, form.headers);
    expect(res.status).toBe(422);
  });

  it('too many files: 413 at once', async () => {
    const files = ['a', 'b', 'c', 'd'].map((n) => ({
      name: `${n}.txt`,
      content: new Uint8Array(0.9 * MB).fill(66),
    }));
    const form = await multipart(fields, [...files, { name: 'z.txt', content: new Uint8Array(5 * MB) }]);
    const res = await sendWholeBodyThenRead('/api/tasks/store-as-draft', form.payload, form.headers);
    expect(res.status).toBe(413);
  });

  it('a body past what we drain (4x the largest upload): the connection is closed, not held', async () => {
    const form = await multipart(fields, [
      { name: 'virus.exe', content: 'MZ' },
      { name: 'huge.txt', content: new Uint8Array(12 * MB).fill(67) },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<boolean>((resolve) => {
      const hang = setTimeout(() => resolve(false), 10_000);
      socket.on('close', () => {
        clearTimeout(hang);
        resolve(true);
      });
      socket.on('error', () => undefined);
    });
    socket.write(
      `POST /api/tasks/store-as-draft HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\n` +
        `content-type: ${form.headers['content-type']}\r\ncontent-length: ${form.payload.length}\r\n\r\n`,
    );
    socket.write(form.payload, () => undefined);
    expect(await closed).toBe(true);
  });

  it('the server keeps answering on new connections afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
