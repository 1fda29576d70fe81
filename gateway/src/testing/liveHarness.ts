import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { GatewayConfig } from '../config.js';
import type { GatewayOptions } from '../server.js';
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream.js';
import { LiveView, upstreamDevices } from './liveView.js';
import { startTestGateway, type LiveClient, type TestGateway } from './testGateway.js';

/** Sessions of the fake upstream, by token: environment 10 below 1, environment 20 apart. */
export const TOKENS = {
  MANAGER: 'token-manager-env10-0001',
  COLLEAGUE: 'token-colleague-env10-0002',
  OTHER_TENANT: 'token-other-tenant-0003',
  PARENT: 'token-parent-env1-0004',
  NO_DEVICES: 'token-logs-only-env10-0005',
  NO_LOGS: 'token-devices-only-env10-0006',
  /** A wall display issued in environment 10, and one issued in environment 1 above it. */
  DISPLAY: 'token-wall-display-env10-0007',
  DISPLAY_ABOVE: 'token-wall-display-env1-0008',
} as const;

/** Devices view 50 and logs view 70 of spec section 6. */
export const DEVICES_VIEW = 50;
export const LOGS_VIEW = 70;

/** A gateway that polls fast and does nothing else on its own. */
const FAST: Partial<GatewayConfig> = {
  sessionCheckMs: 3_600_000,
  clockRefreshMs: 3_600_000,
  upstreamProbeMs: 3_600_000,
  pollMs: 50,
  fullPollEvery: 1_000_000,
  pollTimeoutMs: 2000,
  pollBackoffMaxMs: 200,
  pollGraceMs: 100,
  summaryIntervalMs: 50,
};

const connected = (client: LiveClient) =>
  new Promise<LiveClient>((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', (error) => reject(error));
  });

/**
 * The live tests' world, set up around each test: a fake upstream with five devices in
 * environment 10 and one in 20 and the sessions of TOKENS, and a gateway started by the test.
 */
export function useLiveHarness() {
  let upstream: FakeUpstream | undefined;
  let started: TestGateway | undefined;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });

  beforeEach(() => {
    const fake = harness.upstream;
    fake.requests.length = 0;
    fake.sessions.clear();
    const { fleet } = fake;
    fleet.devices.clear();
    fleet.removals.length = 0;
    fleet.logs.length = 0;
    fleet.revision = 0;
    fleet.fault = 'none';
    fleet.logsAvailable = true;
    fleet.refusedTokens.clear();
    fake.alarms.counts.clear();
    fake.alarms.asked.clear();
    fake.alarms.acknowledgements.length = 0;
    fake.alarms.alarms.clear();
    fake.alarms.changesAsked.clear();
    fake.alarms.revision = 0;
    fleet.environments.clear();
    fleet.environments.set(1, null);
    fleet.environments.set(10, 1);
    fleet.environments.set(20, null);
    fake.sessions.set(TOKENS.MANAGER, { userId: 1, environmentId: 10, verified: true });
    fake.sessions.set(TOKENS.COLLEAGUE, { userId: 2, environmentId: 10, verified: true });
    fake.sessions.set(TOKENS.OTHER_TENANT, { userId: 3, environmentId: 20, verified: true });
    fake.sessions.set(TOKENS.PARENT, { userId: 4, environmentId: 1, verified: true });
    fake.sessions.set(TOKENS.NO_DEVICES, { userId: 5, environmentId: 10, verified: true, permissions: [LOGS_VIEW] });
    fake.sessions.set(TOKENS.NO_LOGS, { userId: 6, environmentId: 10, verified: true, permissions: [DEVICES_VIEW] });
    const display = { verified: true, permissions: [DEVICES_VIEW, LOGS_VIEW], display: true };
    fake.sessions.set(TOKENS.DISPLAY, { userId: 1, environmentId: 10, ...display });
    fake.sessions.set(TOKENS.DISPLAY_ABOVE, { userId: 4, environmentId: 1, ...display });
    for (let id = 1; id <= 5; id += 1) fleet.put(10, id);
    fleet.put(20, 100, { name: 'foreign device' });
  });

  afterEach(async () => {
    await started?.close();
    started = undefined;
  });

  afterAll(async () => {
    await upstream?.close();
  });

  const harness = {
    get upstream(): FakeUpstream {
      if (!upstream) throw new Error('no fake upstream yet');
      return upstream;
    },
    /** The gateway of the running test, if started. */
    get started(): TestGateway | undefined {
      return started;
    },
    async gatewayWith(overrides: Partial<GatewayConfig> = {}, options: GatewayOptions = {}) {
      started = await startTestGateway({ apiBaseUrl: harness.upstream.apiBaseUrl }, { ...FAST, ...overrides }, options);
      return started;
    },
    /** Closes the running test's gateway early. */
    async stopGateway() {
      await started?.close();
      started = undefined;
    },
    /** A connected socket with a view that follows its devices stream. */
    async open(token: string): Promise<{ client: LiveClient; view: LiveView }> {
      if (!started) throw new Error('no gateway');
      const client = started.connect({ token });
      const view = new LiveView(client);
      await connected(client);
      return { client, view };
    },
    subscribe: (client: LiveClient, payload: { environmentId: number; epoch?: string; seq?: number }) =>
      client.timeout(3000).emitWithAck('devices.subscribe', payload),
    /** Follows the environment's system log (`logs.system`, the live tail). */
    subscribeLogs: (client: LiveClient, environmentId = 10) =>
      client.timeout(3000).emitWithAck('logs.subscribe', { environmentId }),
    /** Follows the environment's alarm changes (`alarms.changed`). */
    subscribeAlarms: (client: LiveClient, environmentId = 10) =>
      client.timeout(3000).emitWithAck('alarms.subscribe', { environmentId }),
    sameAsUpstream: (view: LiveView, environmentId = 10) =>
      expect.poll(() => view.list(), { timeout: 3000 }).toEqual(upstreamDevices(harness.upstream, environmentId)),
  };
  return harness;
}
