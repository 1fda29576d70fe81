import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlarmWebhookPayloadSchema, WebhookHeader, webhookSignedText } from '@halo/shared';

/**
 * Alarm webhook receivers on this machine, for bench:isolation: one that takes each delivery at
 * once and notes when each alarm arrived acknowledged, and one that drips its answer.
 */

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

async function closeServer(server: Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A receiver that answers 200 at once, checks each delivery's signature and keeps when each alarm first arrived acknowledged. */
export interface PromptReceiver {
  readonly url: string;
  /** Date.now() of each alarm's first arrival as acknowledged, by its id. */
  readonly acknowledged: Map<number, number>;
  /** Deliveries it could not take: a bad signature or body. */
  readonly errors: string[];
  /** The signing secret of the webhook that calls it (shown once, when it was added). */
  secret: string;
  close(): Promise<void>;
}

export async function startPromptReceiver(): Promise<PromptReceiver> {
  const acknowledged = new Map<number, number>();
  const errors: string[] = [];
  const receiver = {
    url: '',
    acknowledged,
    errors,
    secret: '',
    close: () => closeServer(server),
  };
  const take = async (request: IncomingMessage, response: ServerResponse) => {
    const at = Date.now();
    const raw = await bodyOf(request);
    const timestamp = String(request.headers[WebhookHeader.TIMESTAMP] ?? '');
    const signature = Buffer.from(String(request.headers[WebhookHeader.SIGNATURE] ?? ''));
    const expected = Buffer.from(
      `sha256=${createHmac('sha256', receiver.secret).update(webhookSignedText(timestamp, raw)).digest('hex')}`,
    );
    response.writeHead(200).end();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      errors.push('webhook delivery with a wrong signature');
      return;
    }
    const payload = AlarmWebhookPayloadSchema.safeParse(JSON.parse(raw));
    if (!payload.success) {
      errors.push(`webhook delivery unlike its schema: ${payload.error.message.slice(0, 200)}`);
      return;
    }
    for (const event of payload.data.events)
      if (event.acknowledged && !acknowledged.has(event.alarm_id)) acknowledged.set(event.alarm_id, at);
  };
  const server = createServer((request, response) => {
    take(request, response).catch((error: unknown) => errors.push(`webhook receiver: ${String(error)}`));
  });
  receiver.url = await listen(server);
  return receiver;
}

/** A receiver that answers at once with its headers, then a byte a second, and never ends (as the provider's own test). */
export interface DrippingReceiver {
  readonly url: string;
  /** Deliveries it was sent, and how many it still holds open. */
  readonly counts: { requests: number; open: number };
  close(): Promise<void>;
}

export async function startDrippingReceiver(): Promise<DrippingReceiver> {
  const counts = { requests: 0, open: 0 };
  const server = createServer((request, response) => {
    counts.requests += 1;
    counts.open += 1;
    request.resume();
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    const drip = setInterval(() => response.write('.'), 1000);
    response.on('close', () => {
      counts.open -= 1;
      clearInterval(drip);
    });
  });
  return { url: await listen(server), counts, close: () => closeServer(server) };
}
