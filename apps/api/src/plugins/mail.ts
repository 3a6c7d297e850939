import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Every mail is recorded in the outbox table. With SMTP configured it is also delivered
 * (status `sent` or `failed`); on the embedded default it stays there (status `outbox`) for
 * admins to read in development.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport: Transporter | undefined = config.smtp
    ? nodemailer.createTransport({
        host: config.smtp.host,
        port: config.smtp.port,
        secure: config.smtp.secure,
        ignoreTLS: config.smtp.ignoreTLS,
        ...(config.smtp.user ? { auth: { user: config.smtp.user, pass: config.smtp.password ?? '' } } : {}),
      })
    : undefined;
  return {
    async send(mail) {
      let status = 'outbox';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: config.mailFrom, ...mail });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          log.error({ err, to: mail.to }, 'mail delivery failed');
        }
      } else {
        log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP configured)');
      }
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        attachments: mail.attachments?.length
          ? JSON.stringify(mail.attachments.map((a) => a.filename))
          : null,
        status,
        error,
      });
    },
    close() {
      transport?.close();
    },
  };
}

export const mailPlugin = fp(async (app) => {
  app.decorate('mailer', createMailer(app.config, app.db, app.log));
  app.addHook('onClose', async () => app.mailer.close());
});
