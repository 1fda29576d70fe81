import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

type GetSocket = (
  options: SMTPTransport.Options,
  callback: (error: Error | null, socketOptions: object | null) => void,
) => void;
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

/** How long handing one message to the SMTP server may take, all of it (connect, greeting, send). */
export const MAIL_DEADLINE_MS = 30_000;

/**
 * One message to the SMTP server under a deadline that covers the whole exchange: nodemailer's
 * own time-outs are idle times (a server answering a byte at a time never trips them), so the
 * transport is given a socket of ours (its `getSocket` hook), which the deadline destroys wherever
 * the exchange stands. A transport per message: each non-pooled send has its own connection.
 */
async function sendBySmtp(smtpUrl: string, from: string, message: MailMessage, deadlineMs: number): Promise<void> {
  let socket: Socket | undefined;
  const transport: Transporter & { getSocket?: GetSocket } = nodemailer.createTransport(smtpUrl);
  // nodemailer's documented hook for a socket of one's own (its types leave it out).
  transport.getSocket = (options, callback) => {
    const secure = Boolean(options.secure);
    const opened = connect({ host: options.host ?? 'localhost', port: Number(options.port) || (secure ? 465 : 587) });
    socket = opened;
    const failed = (error: Error) => callback(error, null);
    opened.once('error', failed);
    opened.once('connect', () => {
      opened.off('error', failed);
      // nodemailer speaks SMTP over it, and upgrades it to TLS itself for smtps.
      callback(null, { connection: opened });
    });
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      socket?.destroy();
      reject(new Error(`the mail server did not take the message within ${deadlineMs} ms`));
    }, deadlineMs);
  });
  try {
    await Promise.race([transport.sendMail({ from, ...message }), deadline]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise JSON files in the data dir's outbox. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  deadlineMs?: number;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    return {
      kind: 'smtp',
      send: (message) => sendBySmtp(smtpUrl, options.from, message, options.deadlineMs ?? MAIL_DEADLINE_MS),
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
