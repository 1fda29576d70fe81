import { API_BASE, apiPaths, SessionEndReason } from '@halo/shared';
import { eventually, LiveFleetClient, login, type Session } from '../fixtures/liveClient';
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
