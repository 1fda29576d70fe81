import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API,
  AlarmWebhookPayloadSchema,
  Severity,
  WEBHOOK_FIRST_RETRY_MS,
  WebhookHeader,
  type AlarmWebhook,
} from '@halo/shared';
import { applyAlarmReadings, devicesReconnecting, reviseAlarmsOfDevices, type AlarmReading } from '../store/alarms.js';
import { takeRevisions } from '../store/revisions.js';
import { useAdminSuite, type AdminSuite } from '../testing/adminSuite.js';
import { clientDevice, createDevice } from '../testing/devices.js';
import { createEnvironment, type Actor } from '../testing/people.js';
import { silenceEnvironment } from '../testing/silences.js';
import { DIALECTS } from '../testing/testProvider.js';
import { deliverAlarmWebhooks } from './alarmWebhooks.js';
import { SCHEDULED_JOBS } from './scheduledJobs.js';

const reading = (deviceId: number, severity: number, kind: AlarmReading['kind'] = 'breach'): AlarmReading => ({
  kind,
  deviceId,
  deviceName: `device-${deviceId}`,
  attributeType: 1,
  severity,
  value: '91 °C',
});

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on 127.0.0.1: it answers the statuses queued (then 200) and keeps what it got. */
function useReceiver() {
  let server: Server | undefined;
  const state = { received: [] as Received[], statuses: [] as number[], port: 0 };
  beforeEach(async () => {
    state.received.length = 0;
    state.statuses.length = 0;
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        state.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = state.statuses.shift() ?? 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    state.port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return state;
}

/** What a receiver does: recompute the signature of the raw body with the secret, compare. */
function verified(received: Received, secret: string): boolean {
  const timestamp = String(received.headers[WebhookHeader.TIMESTAMP]);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  return received.headers[WebhookHeader.SIGNATURE] === expected;
}

async function addWebhook(suite: AdminSuite, url: string, minSeverity: number = Severity.MINOR) {
  const created = await suite.send(suite.admin, 'post', '/alarm_webhooks', {
    name: 'receiver',
    url,
    min_severity: minSeverity,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return API.webhooks.create.answer.parse(created.body);
}

async function webhookNow(suite: AdminSuite, id: number): Promise<AlarmWebhook | undefined> {
  const listed = await suite.send(suite.admin, 'get', '/alarm_webhooks');
  return API.webhooks.list.answer.parse(listed.body).webhooks.find((each) => each.id === id);
}

describe.each(DIALECTS)('alarm webhook delivery on %s, where the operator allows 127.0.0.1/32', (dialect) => {
  const suite = useAdminSuite(dialect, {
    HALO_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    HALO_SESSION_IDLE_MS: '86400000',
  });
  const receiver = useReceiver();

  it('posts a signed batch, retries a 500 after the back-off, then moves on; silenced alarms are not sent', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const { webhook, secret } = await addWebhook(suite, `http://127.0.0.1:${receiver.port}/hook`);
    // Nothing changed since it was added: nothing is sent.
    expect(await deliverAlarmWebhooks(context)).toBe(0);

    const child = await createEnvironment(suite.provider.api, suite.admin, 'plant');
    await applyAlarmReadings(context.db, root, [reading(101, Severity.CRITICAL)], context.now());
    await applyAlarmReadings(context.db, child.id, [reading(201, Severity.MAJOR)], context.now());
    receiver.statuses.push(500);
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    if (!first) throw new Error('no request');
    expect(verified(first, secret)).toBe(true);
    expect(verified(first, `${secret}x`)).toBe(false);
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['user-agent']).toMatch(/^HaloConsole-AlarmWebhook\//);
    expect(first.headers[WebhookHeader.EVENT]).toBe('alarms');
    expect(Number(first.headers[WebhookHeader.TIMESTAMP])).toBe(Math.floor(context.now() / 1000));
    const payload = AlarmWebhookPayloadSchema.parse(JSON.parse(first.body));
    // A delivery id inside the signed body (the header repeats it), for a receiver to drop a replay.
    expect(payload.delivery_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first.headers[WebhookHeader.DELIVERY_ID]).toBe(payload.delivery_id);
    expect(payload).toMatchObject({ version: 1, kind: 'alarms', environment: { id: root, name: 'root' } });
    // The environment's alarm and the one below it, oldest change first.
    expect(payload.events.map((event) => [event.device_name, event.environment_id, event.severity_name])).toEqual([
      ['device-101', root, 'critical'],
      ['device-201', child.id, 'major'],
    ]);
    expect(payload.events[0]).toMatchObject({
      state: 'active',
      acknowledged: false,
      last_value: '91 °C',
      link: 'http://console.example.test/logs/alarms?device=device-101',
    });
    expect(await webhookNow(suite, webhook.id)).toMatchObject({
      attempts: 1,
      last_status: 500,
      last_error: 'refusedStatus:500',
      last_delivered_at: null,
      next_attempt_at: new Date(context.now() + WEBHOOK_FIRST_RETRY_MS).toISOString(),
    });

    // Within the back-off: not tried again.
    suite.provider.clock.now += WEBHOOK_FIRST_RETRY_MS - 1000;
    expect(await deliverAlarmWebhooks(context)).toBe(0);
    expect(receiver.received).toHaveLength(1);
    // After it: the same changes again, taken this time.
    suite.provider.clock.now += 1000;
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    expect(receiver.received).toHaveLength(2);
    const second = receiver.received[1];
    if (!second) throw new Error('no retry');
    expect(verified(second, secret)).toBe(true);
    expect(AlarmWebhookPayloadSchema.parse(JSON.parse(second.body)).events.map((event) => event.alarm_id)).toEqual(
      payload.events.map((event) => event.alarm_id),
    );
    expect(await webhookNow(suite, webhook.id)).toMatchObject({
      attempts: 0,
      last_status: 200,
      last_error: null,
      last_delivered_at: new Date(context.now()).toISOString(),
      next_attempt_at: null,
    });
    // The cursor moved: nothing new, nothing sent.
    expect(await deliverAlarmWebhooks(context)).toBe(0);

    // A silenced device's alarm is not sent; another's is; a clear is an event too.
    const maintained = await createDevice(suite.provider.api, suite.admin, clientDevice('maintained'));
    const silenced = await suite.send(suite.admin, 'post', '/alarm_silences', {
      scope: 'device',
      device_ids: [maintained],
      duration_minutes: 60,
      reason: 'Maintenance',
    });
    expect(silenced.status).toBe(201);
    await applyAlarmReadings(context.db, root, [reading(maintained, Severity.CRITICAL)], context.now());
    await applyAlarmReadings(context.db, root, [reading(101, Severity.NORMAL, 'clear')], context.now());
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    const third = AlarmWebhookPayloadSchema.parse(JSON.parse(receiver.received[2]?.body ?? '{}'));
    expect(third.events.map((event) => [event.device_name, event.state])).toEqual([['device-101', 'cleared']]);
    // What the silence held back is said, with the silence (issue 39, item 2).
    expect(third.held_back).toEqual({
      count: 1,
      silences: [expect.objectContaining({ scope: 'device', device_name: 'maintained', reason: 'Maintenance' })],
      silences_total: 1,
    });
    expect(payload.held_back).toEqual({ count: 0, silences: [], silences_total: 0 });
    // Only the silenced change left: nothing is posted, and it is not sent later either.
    await applyAlarmReadings(context.db, root, [reading(maintained, Severity.CRITICAL)], context.now());
    expect(await deliverAlarmWebhooks(context)).toBe(0);
    suite.provider.clock.now += 2 * 3_600_000;
    expect(await deliverAlarmWebhooks(context)).toBe(0);
    expect(receiver.received).toHaveLength(3);
  });

  it('sends an active alarm again, stale, when its device stops being connected, and current when it is back (issue 39, item 3)', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    await addWebhook(suite, `http://127.0.0.1:${receiver.port}/hook`);
    const deviceId = await createDevice(suite.provider.api, suite.admin, clientDevice('went-quiet'));
    await context.db
      .updateTable('devices')
      .set({ is_activated: 1, availability: 1 })
      .where('id', '=', deviceId)
      .execute();
    await applyAlarmReadings(context.db, root, [reading(deviceId, Severity.MAJOR)], context.now());
    const delivered = () => AlarmWebhookPayloadSchema.parse(JSON.parse(receiver.received.at(-1)?.body ?? '{}')).events;
    /** The device's connection written as a device status write does it: its alarms handed out again if it changed. */
    const connect = (availability: number) =>
      context.db.transaction().execute(async (trx) => {
        const moved = await devicesReconnecting(trx, [{ id: deviceId, is_activated: 1, availability }]);
        await trx.updateTable('devices').set({ availability }).where('id', '=', deviceId).execute();
        await reviseAlarmsOfDevices(trx, moved, await takeRevisions(trx, 1));
        return moved;
      });
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    expect(delivered().map((event) => [event.device_id, event.stale])).toEqual([[deviceId, false]]);
    // Still connected: nothing to tell.
    expect(await connect(1)).toEqual([]);
    expect(await deliverAlarmWebhooks(context)).toBe(0);
    expect(await connect(0)).toEqual([deviceId]);
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    expect(delivered().map((event) => [event.device_id, event.state, event.stale])).toEqual([
      [deviceId, 'active', true],
    ]);
    expect(await connect(1)).toEqual([deviceId]);
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    expect(delivered().map((event) => [event.device_id, event.stale])).toEqual([[deviceId, false]]);
  });

  it("sends a child's alarms the child silenced for itself: a child's silence is not its parent's", async () => {
    const { context } = suite.provider.provider;
    await addWebhook(suite, `http://127.0.0.1:${receiver.port}/hook`);
    const child = await createEnvironment(suite.provider.api, suite.admin, 'hiding-branch');
    await silenceEnvironment(suite.provider.api, child, child.id, 60, 'Nothing to see');
    await applyAlarmReadings(context.db, child.id, [reading(41, Severity.CRITICAL)], context.now());
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    const events = AlarmWebhookPayloadSchema.parse(JSON.parse(receiver.received[0]?.body ?? '{}')).events;
    expect(events.map((event) => [event.device_id, event.environment_id])).toEqual([[41, child.id]]);
    // Root's own silence on the branch binds root's webhook.
    await silenceEnvironment(suite.provider.api, suite.admin, child.id, 60, 'Planned by root');
    await applyAlarmReadings(context.db, child.id, [reading(42, Severity.CRITICAL)], context.now());
    expect(await deliverAlarmWebhooks(context)).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends only alarms at or above the target severity, and answers a test with how it went', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const { webhook, secret } = await addWebhook(suite, `http://127.0.0.1:${receiver.port}/hook`, Severity.MAJOR);
    await applyAlarmReadings(
      context.db,
      root,
      [reading(1, Severity.MINOR), reading(2, Severity.MAJOR), reading(3, Severity.CRITICAL)],
      context.now(),
    );
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    const events = AlarmWebhookPayloadSchema.parse(JSON.parse(receiver.received[0]?.body ?? '{}')).events;
    expect(events.map((event) => event.device_id).sort()).toEqual([2, 3]);

    const tested = await suite.send(suite.admin, 'post', `/alarm_webhooks/${webhook.id}/test`);
    expect(tested.status).toBe(200);
    expect(API.webhooks.test.answer.parse(tested.body)).toMatchObject({ delivered: true, status: 200, error: null });
    const test = receiver.received[1];
    if (!test) throw new Error('no test');
    expect(verified(test, secret)).toBe(true);
    expect(test.headers[WebhookHeader.EVENT]).toBe('test');
    const testPayload = AlarmWebhookPayloadSchema.parse(JSON.parse(test.body));
    expect(testPayload).toMatchObject({ kind: 'test', events: [] });
    // Each POST its own id: a receiver that keeps them tells a replay from a new delivery.
    const firstId = AlarmWebhookPayloadSchema.parse(JSON.parse(receiver.received[0]?.body ?? '{}')).delivery_id;
    expect(testPayload.delivery_id).not.toBe(firstId);
    receiver.statuses.push(503);
    const failed = API.webhooks.test.answer.parse(
      (await suite.send(suite.admin, 'post', `/alarm_webhooks/${webhook.id}/test`)).body,
    );
    expect(failed).toMatchObject({ delivered: false, status: 503, error: 'refusedStatus:503' });
    // A test counts no failure toward the back-off.
    expect(failed.webhook).toMatchObject({ attempts: 0, next_attempt_at: null, last_status: 503 });
  });
});

describe.each(DIALECTS)('alarm webhook delivery on %s, with the default configuration', (dialect) => {
  const suite = useAdminSuite(dialect);
  const receiver = useReceiver();

  it('refuses a loopback target: a literal when it is added, a name that resolves to it when it is called', async () => {
    const { context } = suite.provider.provider;
    const literal = await suite.send(suite.admin, 'post', '/alarm_webhooks', {
      name: 'here',
      url: `http://127.0.0.1:${receiver.port}/hook`,
    });
    expect(literal.status).toBe(400);
    expect(literal.body).toMatchObject({ fields: { url: 'validation.webhookAddressLoopback' } });
    expect(String(literal.body.message)).toContain('HALO_WEBHOOK_ALLOWED_NETWORKS');
    // IPv6 literals are judged by the same rules, with the same reasons (they were all 'invalid').
    const refusedV6 = [
      ['[::1]', 'validation.webhookAddressLoopback'],
      ['[::ffff:127.0.0.1]', 'validation.webhookAddressLoopback'],
      ['[fe80::1]', 'validation.addressLinkLocal'],
      ['[fd00::7]', 'validation.webhookAddressPrivate'],
      ['[2001:db8::1]', 'validation.addressReserved'],
    ];
    for (const [host, key] of refusedV6) {
      const refused = await suite.send(suite.admin, 'post', '/alarm_webhooks', {
        name: 'v6',
        url: `https://${host}/hook`,
      });
      expect([host, refused.status, refused.body.fields]).toEqual([host, 400, { url: key }]);
    }
    const publicV6 = await addWebhook(suite, 'https://[2606:4700:4700::1111]/hook');
    expect(publicV6.webhook.url).toBe('https://[2606:4700:4700::1111]/hook');
    expect((await suite.send(suite.admin, 'delete', `/alarm_webhooks/${publicV6.webhook.id}`)).status).toBe(200);

    // A host name passes when added; what it resolves to is refused at every delivery.
    const { webhook } = await addWebhook(suite, `https://localhost:${receiver.port}/hook`);
    await applyAlarmReadings(context.db, suite.admin.environmentId, [reading(7, Severity.CRITICAL)], context.now());
    expect(await deliverAlarmWebhooks(context)).toBe(1);
    expect(receiver.received).toHaveLength(0);
    expect(await webhookNow(suite, webhook.id)).toMatchObject({
      attempts: 1,
      last_status: null,
      last_error: 'unreachable',
    });
    const tested = API.webhooks.test.answer.parse(
      (await suite.send(suite.admin, 'post', `/alarm_webhooks/${webhook.id}/test`)).body,
    );
    // What it resolves to is not told (issue 39, item 8): the same reason as a name that does not resolve.
    expect(tested).toMatchObject({ delivered: false, status: null, error: 'unreachable' });
    expect(receiver.received).toHaveLength(0);
  });
});

/** A receiver that answers at once with its headers, then a byte a second, and never ends. */
function useDrippingReceiver() {
  let server: Server | undefined;
  const state = { port: 0, requests: 0, open: 0 };
  beforeEach(async () => {
    server = createServer((request, response) => {
      state.requests += 1;
      state.open += 1;
      request.resume();
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const drip = setInterval(() => response.write('.'), 1000);
      response.on('close', () => {
        state.open -= 1;
        clearInterval(drip);
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    state.port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return state;
}

describe.each(DIALECTS)("alarm webhook delivery on %s: one tenant's slow receiver", (dialect) => {
  const DEADLINE_MS = 4000;
  const suite = useAdminSuite(dialect, {
    HALO_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    HALO_WEBHOOK_TIMEOUT_MS: String(DEADLINE_MS),
    HALO_SESSION_IDLE_MS: '86400000',
  });
  const receiver = useReceiver();
  const dripping = useDrippingReceiver();
  const job = SCHEDULED_JOBS.find((each) => each.name === 'alarm-webhooks');

  const addFor = async (actor: Actor, url: string) => {
    const created = await suite.send(actor, 'post', '/alarm_webhooks', { name: 'receiver', url, min_severity: 1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return API.webhooks.create.answer.parse(created.body).webhook;
  };
  /** How long from a run of the scheduled job until the receiver holds `count` deliveries. */
  const deliveredWithin = async (count: number) => {
    const started = performance.now();
    const running = job?.run(suite.provider.provider.context, new Date());
    await expect.poll(() => receiver.received.length, { timeout: DEADLINE_MS, interval: 20 }).toBe(count);
    const ms = performance.now() - started;
    await running;
    return { ms, runMs: performance.now() - started };
  };

  it("never holds another tenant's deliveries, nor the next run, for a target that answers a byte a second", async () => {
    const { context } = suite.provider.provider;
    const slowTenant = await createEnvironment(suite.provider.api, suite.admin, 'slow-tenant');
    const otherTenant = await createEnvironment(suite.provider.api, suite.admin, 'other-tenant');
    const slow = await addFor(slowTenant, `http://127.0.0.1:${dripping.port}/hook`);
    await addFor(otherTenant, `http://127.0.0.1:${receiver.port}/hook`);

    // The other tenant's usual time, alone.
    await applyAlarmReadings(context.db, otherTenant.id, [reading(1, Severity.CRITICAL)], context.now());
    const usual = await deliveredWithin(1);
    // The run also started the slow tenant's target, with nothing to tell yet: once that is done,
    // its alarm below is the next run's to deliver (raised while it was in flight, it was that
    // one's, cut at the deadline before the check below could see it dripping).
    await context.deliveries.idle();

    // The slow tenant's receiver takes the POST and drips its answer; the other's are delivered as usual.
    await applyAlarmReadings(context.db, slowTenant.id, [reading(2, Severity.CRITICAL)], context.now());
    await applyAlarmReadings(context.db, otherTenant.id, [reading(3, Severity.CRITICAL)], context.now());
    const beside = await deliveredWithin(2);
    await expect.poll(() => dripping.open, { timeout: DEADLINE_MS / 2 }).toBe(1);
    await applyAlarmReadings(context.db, otherTenant.id, [reading(4, Severity.CRITICAL)], context.now());
    const next = await deliveredWithin(3);
    // Still dripping: the next run left its target to the delivery in flight, and held no one.
    expect(dripping.requests).toBe(1);
    expect(dripping.open).toBe(1);
    const bound = usual.ms + 1000;
    expect(beside.ms, `usual ${usual.ms.toFixed(0)} ms`).toBeLessThan(bound);
    expect(next.ms, `usual ${usual.ms.toFixed(0)} ms`).toBeLessThan(bound);
    expect(beside.runMs).toBeLessThan(bound);
    expect(next.runMs).toBeLessThan(bound);

    // The dripping delivery is cut at its deadline, which covers the whole exchange, and retried later.
    await context.deliveries.idle();
    await expect.poll(() => dripping.open, { timeout: 2000 }).toBe(0);
    const [row] = await context.db.selectFrom('alarm_webhooks').selectAll().where('id', '=', slow.id).execute();
    expect(row).toMatchObject({ attempts: 1, last_error: 'timedOut', last_delivered_at: null });
  }, 60_000);
});
