import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox: the message is stored and printed, so a fresh machine
 * with no mail server can still sign in by e-mail link (DESIGN §1). Both keep a row in mail_outbox.
 */
export function createMailProvider(opts: { db: Db; smtpUrl: string | undefined; from: string; log: (line: string) => void }): MailProvider {
  const record = (message: MailMessage, transport: 'outbox' | 'smtp') =>
    opts.db.insert(mailOutbox).values({ ...message, html: message.html ?? null, transport });

  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transporter.sendMail({ from: opts.from, ...message });
        await record(message, 'smtp');
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await record(message, 'outbox');
      opts.log(`[outbox] to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}
