import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { createMailer } from './mail.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let t: TestApp;
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('SMTP mailer', () => {
  it('delivers through a real SMTP server and records the mail as sent', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_IGNORE_TLS: 'true',
      MAIL_FROM: 'Verba <portal@verba.test>',
    });
    const mailer = createMailer(config, t.database.db, t.app.log);
    await mailer.send({
      to: 'client@acme.test',
      subject: 'Quote ready',
      text: 'Your quote is ready.',
      html: '<p>Your quote is ready.</p>',
      attachments: [
        { filename: 'quote.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' },
      ],
    });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('portal@verba.test');
    expect(received[0]?.to).toEqual(['client@acme.test']);
    expect(received[0]?.raw).toContain('Subject: Quote ready');
    expect(received[0]?.raw).toContain('quote.pdf');
    const [row] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row).toMatchObject({ to: 'client@acme.test', status: 'sent', attachments: '["quote.pdf"]' });
  });

  it('records a failed delivery instead of losing it', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
      SMTP_IGNORE_TLS: 'true',
    });
    const mailer = createMailer(config, t.database.db, t.app.log);
    await mailer.send({ to: 'x@y.test', subject: 'Lost?', text: 'no' });
    mailer.close();
    const [row] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row?.status).toBe('failed');
    expect(row?.error).toBeTruthy();
  });
});
