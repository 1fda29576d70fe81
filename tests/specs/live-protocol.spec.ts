import {
  API,
  API_BASE,
  apiPaths,
  LIVE_NAMESPACE,
  LiveEvent,
  Permission,
  SessionEndReason,
  type Alarm,
  type AlarmsChangedEvent,
} from '@halo/shared';
import { CRITICAL_FOR_ALL, raiseTemperatureAlerts, TEMPERATURE_DEFAULTS } from '../fixtures/alerts';
import { apiLogin } from '../fixtures/apiLogin';
import { setTemperatureThreshold } from '../fixtures/thresholdsApi';
import { io } from 'socket.io-client';
import { eventually, LiveFleetClient, login, openLiveSocket, type Session } from '../fixtures/liveClient';
import { PeopleApi } from '../fixtures/peopleApi';
import { expect, test } from '../fixtures/test';

/**
 * The live protocol across the real process boundary: the embedded provider (its own process,
 * with the simulator writing system log entries every second) and the gateway in front of it,
 * seen by a socket.io client as a browser would see it.
 */
const IDLE_MS = 10_000;
test.use({
  stackEnv: { HALO_E2E_STACK: 'live-protocol', HALO_SIM_DEVICES: '100', HALO_SESSION_IDLE_MS: String(IDLE_MS) },
});

async function call(baseURL: string, session: Session | string, method: string, path: string, body?: object) {
  const token = typeof session === 'string' ? session : session.token;
  const response = await fetch(`${baseURL}${API_BASE}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function subscribed(
  baseURL: string,
  token: string,
  environmentId: number,
  options: { followLogs?: boolean } = {},
): Promise<LiveFleetClient> {
  const client = new LiveFleetClient(baseURL, token, environmentId, options);
  await eventually(() => client.counts.snapshots > 0, 15_000);
  return client;
}

test('new system log entries reach a logs.subscribe socket as logs.system, each once and in order', async ({
  stack,
}) => {
  const admin = await login(stack.baseURL, stack.adminPassword);
  const client = await subscribed(stack.baseURL, admin.token, admin.environmentId, { followLogs: true });
  // A socket that follows the devices alone gets no log entries.
  const devicesOnly = await subscribed(stack.baseURL, admin.token, admin.environmentId);
  try {
    await eventually(() => client.logs.length >= 2, 20_000);
    const ids = client.logs.flatMap((event) => event.entries.map((entry) => entry.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    // What arrived is what the provider holds.
    const newest = await call(
      stack.baseURL,
      admin,
      'GET',
      `${apiPaths.logs.systemLogs(admin.environmentId)}?page_size=1`,
    );
    const [latest] = newest.system_logs as { id: number }[];
    expect(latest?.id).toBeGreaterThanOrEqual(ids.at(-1) ?? Infinity);
    expect(devicesOnly.logs).toEqual([]);
  } finally {
    client.close();
    devicesOnly.close();
  }
});

test('alarms.changed carries what the provider holds: after the revision the stream started from, each alarm as it is now', async ({
  stack,
  request,
}) => {
  // A watcher of its own: the admin's API logins below (arranging the breach) end the admin's sessions.
  const admin = await login(stack.baseURL, stack.adminPassword);
  await call(stack.baseURL, admin, 'POST', apiPaths.users.list(admin.environmentId), {
    user: {
      username: 'alarm_watch',
      password: 'Str0ng-Pass!',
      email: 'alarm-watch@example.test',
      // The stream admits as the log's tail does: the environment's devices and its logs in view.
      permissions: [Permission.DEVICES_VIEW, Permission.LOGS_VIEW],
    },
  });
  const watcher = await login(stack.baseURL, 'Str0ng-Pass!', 'alarm_watch');
  const socket = openLiveSocket(stack.baseURL, watcher.token);
  const heard: AlarmsChangedEvent[] = [];
  socket.on(LiveEvent.ALARMS_CHANGED, (message: AlarmsChangedEvent) => heard.push(message));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(
      await socket.timeout(10_000).emitWithAck(LiveEvent.ALARMS_SUBSCRIBE, { environmentId: watcher.environmentId }),
    ).toEqual({ ok: true });
    const before = API.alarms.list.answer.parse(
      await call(stack.baseURL, watcher, 'GET', apiPaths.alarms.list(watcher.environmentId)),
    );
    // Below every connected device's temperature: the simulator opens alarms on its next readings.
    await raiseTemperatureAlerts(request, stack.adminPassword, 1, CRITICAL_FOR_ALL);
    await eventually(() => heard.some((message) => message.alarms.length > 0), 20_000);
    const held = API.alarms.list.answer.parse(
      await call(stack.baseURL, watcher, 'GET', `${apiPaths.alarms.list(watcher.environmentId)}?page_size=1000`),
    );
    const pushed = new Map<number, Alarm>();
    for (const alarm of heard.flatMap((message) => message.alarms)) {
      expect(alarm.revision).toBeGreaterThan(before.revision);
      const known = pushed.get(alarm.id);
      if (!known || known.revision < alarm.revision) pushed.set(alarm.id, alarm);
    }
    // Each pushed alarm is one the provider holds, at its revision or older than what it holds now.
    for (const alarm of pushed.values()) {
      const now = held.alarms.find((each) => each.id === alarm.id);
      expect(now, `alarm ${alarm.id}`).toBeDefined();
      expect(alarm.revision).toBeLessThanOrEqual(now?.revision ?? 0);
      expect(alarm.device_id).toBe(now?.device_id);
    }
  } finally {
    socket.close();
    // The tests after this one find the thresholds as they were.
    await setTemperatureThreshold(request, await apiLogin(request, 'admin', stack.adminPassword), TEMPERATURE_DEFAULTS);
  }
});

test('every way a session ends tells its socket why before the socket closes', async ({ stack }) => {
  const admin = await login(stack.baseURL, stack.adminPassword);
  const environmentId = admin.environmentId;
  await call(stack.baseURL, admin, 'POST', apiPaths.users.list(environmentId), {
    user: { username: 'live_op', password: 'Str0ng-Pass!', email: 'live-op@example.test', permissions: [50, 70] },
  });
  const operatorId = Number(
    (
      (await call(stack.baseURL, admin, 'GET', apiPaths.users.list(environmentId))).users as {
        id: number;
        username: string;
      }[]
    ).find((user) => user.username === 'live_op')?.id,
  );
  const operator = () => login(stack.baseURL, 'Str0ng-Pass!', 'live_op');
  // Sessions here expire after IDLE_MS without activity: the manager signs in afresh when needed.
  const adminNow = () => login(stack.baseURL, stack.adminPassword);

  async function expectEnded(
    client: LiveFleetClient,
    reason: string,
    action: () => Promise<unknown>,
    timeoutMs = 8000,
  ) {
    await action();
    await eventually(() => client.disconnects.length > 0, timeoutMs);
    expect(client.sessionEnds.map((end) => end.event.reason)).toEqual([reason]);
    expect(client.sessionEnds[0]?.beforeDisconnect).toBe(true);
    client.close();
  }

  const loggedOut = await operator();
  await expectEnded(await subscribed(stack.baseURL, loggedOut.token, environmentId), SessionEndReason.LOGGED_OUT, () =>
    call(stack.baseURL, loggedOut, 'POST', apiPaths.auth.logout),
  );

  const replaced = await operator();
  await expectEnded(await subscribed(stack.baseURL, replaced.token, environmentId), SessionEndReason.REPLACED, () =>
    operator(),
  );

  const demoted = await operator();
  await expectEnded(
    await subscribed(stack.baseURL, demoted.token, environmentId),
    SessionEndReason.PERMISSIONS_CHANGED,
    async () =>
      call(stack.baseURL, await adminNow(), 'PUT', apiPaths.users.item(environmentId, operatorId), {
        user: { username: 'live_op', email: 'live-op@example.test', permissions: [50] },
      }),
  );

  const display = await call(stack.baseURL, await adminNow(), 'POST', apiPaths.wallDisplays.list(environmentId), {
    label: 'Live wall',
  });
  await expectEnded(
    await subscribed(stack.baseURL, String(display.token), environmentId),
    SessionEndReason.REVOKED,
    async () =>
      call(stack.baseURL, await adminNow(), 'DELETE', apiPaths.wallDisplays.item(environmentId, Number(display.id))),
  );

  const idle = await operator();
  await expectEnded(
    await subscribed(stack.baseURL, idle.token, environmentId),
    SessionEndReason.EXPIRED,
    () => Promise.resolve(),
    IDLE_MS + 8000,
  );
});

test('a socket asks for what its session may not see: another environment’s fleet, summary and log tail, and garbage', async ({
  stack,
  request,
}) => {
  const PASSWORD = 'Tenant-Passw0rd!';
  const root = await PeopleApi.login(request, 'admin', stack.adminPassword);
  const tenantId = await root.createEnvironment({
    environment_name: 'tenant-b',
    username: 'tenant-b-manager',
    password: PASSWORD,
    email: 'tenant-b@example.com',
  });
  // A root user who may view devices but not logs.
  await root.createUser({
    username: 'devices-viewer',
    password: PASSWORD,
    email: 'viewer@example.com',
    permissions: [Permission.DEVICES_VIEW],
  });
  const tenant = await login(stack.baseURL, PASSWORD, 'tenant-b-manager', 'tenant-b');
  expect(tenant.environmentId).toBe(tenantId);
  const viewer = await login(stack.baseURL, PASSWORD, 'devices-viewer');

  const open = async (token: string) => {
    const socket = io(`${stack.baseURL}${LIVE_NAMESPACE}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    const received: string[] = [];
    socket.onAny((event: string) => {
      if (event.startsWith('devices.') || event.startsWith('fleet.') || event.startsWith('logs.')) received.push(event);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ask = (event: string, payload: unknown) =>
      socket.timeout(5000).emitWithAck(event, payload) as Promise<unknown>;
    return { socket, received, ask };
  };

  // The sub-environment's manager asks for the root environment: not found, as over REST.
  const attacker = await open(tenant.token);
  for (const event of ['devices.subscribe', 'summary.subscribe', 'logs.subscribe'])
    expect(await attacker.ask(event, { environmentId: root.environmentId }), event).toEqual({
      ok: false,
      error: 'notFound',
    });
  // Hostile payloads: refused, and the socket stays usable.
  for (const payload of [
    null,
    'x',
    { environmentId: '1' },
    { environmentId: -1 },
    { environmentId: 1e20 },
    { environmentId: 1, epoch: { $gt: '' } },
  ])
    expect(await attacker.ask('summary.subscribe', payload)).toMatchObject({ ok: false });
  expect(await attacker.ask('summary.subscribe', { environmentId: tenantId })).toMatchObject({ ok: true });

  // A lesser user of the root environment: the fleet yes, its log tail no.
  const lesser = await open(viewer.token);
  expect(await lesser.ask('logs.subscribe', { environmentId: root.environmentId })).toEqual({
    ok: false,
    error: 'forbidden',
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(attacker.received.filter((event) => event !== 'fleet.summary')).toEqual([]);
  expect(lesser.received).toEqual([]);
  attacker.socket.close();
  lesser.socket.close();
});
