import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { writePrivateFile } from '../store/privateDataDir.js';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  /** Resolves once the message is handed over (SMTP) or written (outbox). */
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/** The outbox's directory in the data dir. */
export const OUTBOX_DIRECTORY = 'outbox';

export function outboxDir(dataDir: string): string {
  return join(dataDir, OUTBOX_DIRECTORY);
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise JSON files in the data dir's outbox. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const directory = outboxDir(options.dataDir);
  return {
    kind: 'outbox',
    async send(message) {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const record = { from: options.from, date: new Date().toISOString(), ...message };
      await writePrivateFile(join(directory, name), `${JSON.stringify(record, null, 2)}\n`);
    },
  };
}
