import {
  API,
  API_BASE,
  apiPaths,
  LiveEvent,
  pathOf,
  Permission,
  Severity,
  ThresholdAttributeType,
  type AlarmsChangedEvent,
  type Threshold,
} from '@halo/shared';
import { parseExposition } from '@halo/shared/metrics';
import { test } from '@playwright/test';
import { login, openLiveSocket, sleep, type Session } from '../fixtures/liveClient';
import { outboxMails } from '../fixtures/outbox';
import { startGateway, startProvider, type GatewayProcess, type ProviderProcess } from '../fixtures/stack';
import { stormThreshold } from './alarmStorm';
import { figureTable, histogramBuckets, ms, percentile, processMemoryMB, quantileBetween } from './benchFigures';
import { assertVerified } from './verifiedCounts';

/**
 * bench:alarms (issue 27). One provider (SQLite) whose simulator runs 100,000 devices, reading
 * 2 % of them a tick (the product's default: every device about every 50 s), one gateway in
 * front of it, 1,000 users with e-mail on (800 reached from minor up, 200 from critical only)
 * and one operator's live socket on the alarm stream. The storm: the temperature threshold's
 * minor limit is lowered to STORM_PERCENTILE of the readings, so that about a tenth of the fleet
 * breaches within the minute as the simulator reads the devices (devices not connected for long
 * open alarms of their own all along, counted apart). Another tenant's operator asks its lists
 * every 200 ms throughout.
 *
 * Measures: alarms opened per second (over the storm minute and its peak second, from the
 * stream), p50/p99 from breach (the alarm's opened_at: the simulator's reading) to the alarm
 * readable in the provider and on the subscribed socket, the e-mails sent from the storm on
 * (BENCH_MAIL_WATCH_MS, 4 min by default, with a 2 min grouping interval so updates after the
 * first message are seen) and the most any user got within one interval, the provider's
 * event-loop delay p99 and the other tenant's REST p99 over a quiet minute before the storm
 * (the simulator's own work) and over the storm, and both processes' peak resident memory.
 * Prints a table with the targets, met or MISSED; asserts nothing about speed. Asserts its
 * correctness: every alarm the provider opened in the storm minute reached the subscribed socket,
 * the other tenant's calls all answered 2xx, and every minor-level user was told of the storm by
 * e-mail, none more than once within a grouping interval.
 */

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
/** Share of the users reached from minor up (the rest from critical only). */
const MINOR_USERS_SHARE = 0.8;
const CHANGE_FRACTION = '0.02';
const POLL_MS = 1000;
const STORM_SHARE = 0.1;
/** Where among the readings the limit goes so that about STORM_SHARE of the fleet breaches within STORM_MS. */
const STORM_PERCENTILE = 88;
const STORM_MS = 60_000;
/** The quiet minute before the storm, measured the same way. */
const QUIET_MS = 60_000;
const MAIL_WATCH_MS = Number(process.env.BENCH_MAIL_WATCH_MS ?? 4 * 60_000);
/** The grouping interval, shorter than the product's 5 min so the bench sees updates after the first message. */
const GROUP_INTERVAL_MS = 120_000;
const LOOP_DELAY_HISTOGRAM = 'halo_provider_event_loop_delay_seconds';

const TARGET = {
  breachToSocketP99Ms: POLL_MS + 1000,
  mailsPerUserPerInterval: 1,
  otherTenantRestP99Ms: 100,
  loopP99Ms: 50,
};

const headersOf = (session: Session) => ({
  Authorization: `Bearer ${session.token}`,
  'Content-Type': 'application/json',
});

async function api<T>(origin: string, session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${API_BASE}${path}`, {
    method,
    headers: headersOf(session),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** `ask` again, up to 5 times 10 s apart, while it fails with a 503 (a read past its budget on a busy machine). */
async function askedAgainWhileBusy<T>(ask: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ask();
    } catch (error) {
      if (attempt >= 5 || !/: 503 /.test(String(error))) throw error;
      await sleep(10_000);
    }
  }
}

async function waitForFleet(provider: ProviderProcess, session: Session) {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const { devices } = await api<{ devices: unknown[] }>(
      provider.url,
      session,
      'GET',
      apiPaths.devices.list(session.environmentId),
    );
    if (devices.length >= DEVICES) return;
    if (Date.now() > deadline) throw new Error(`only ${devices.length} of ${DEVICES} devices`);
    await sleep(3000);
  }
}

async function temperatureThreshold(provider: ProviderProcess, session: Session): Promise<Threshold> {
  const { thresholds } = API.thresholds.list.answer.parse(
    await api(provider.url, session, 'GET', pathOf(API.thresholds.list, { environmentId: session.environmentId })),
  );
  const found = thresholds.find((threshold) => threshold.device_attribute_type === ThresholdAttributeType.TEMPERATURE);
  if (!found) throw new Error('no temperature threshold');
  return found;
}

test('bench:alarms: a storm on 100,000 devices with 1,000 users', async () => {
  test.setTimeout(40 * 60_000);
  const provider = await startProvider(
    {
      HALO_SIM_DEVICES: String(DEVICES),
      HALO_SIM_CHANGE_FRACTION: CHANGE_FRACTION,
      HALO_ALARM_GROUP_INTERVAL_MS: String(GROUP_INTERVAL_MS),
      HALO_LOG_LEVEL: 'warn',
    },
    10 * 60_000,
  );
  let gateway: GatewayProcess | undefined;
  try {
    // One session of the root manager (a login ends the last): at the provider, then the gateway's for the rest.
    let admin = await login(provider.url, provider.adminPassword);
    await waitForFleet(provider, admin);

    // Another tenant, whose operator keeps working through the storm.
    await api(provider.url, admin, 'POST', apiPaths.environments.list(admin.environmentId), {
      environment_name: 'tenant-b',
      username: 'b-manager',
      password: 'Tenant-B-Passw0rd!',
      email: 'b-manager@bench.example',
    });

    const users = Array.from({ length: USERS }, (_, index) => index);
    const createdAt = performance.now();
    await inParallel(users, 4, async (index) => {
      await api(provider.url, admin, 'POST', apiPaths.users.list(admin.environmentId), {
        user: {
          username: `bench-user-${index}`,
          password: 'Bench-Passw0rd!',
          email: `bench-user-${index}@bench.example`,
          permissions: [Permission.LOGS_VIEW],
          severity: index < USERS * MINOR_USERS_SHARE ? Severity.MINOR : Severity.CRITICAL,
        },
      });
    });
    const usersMs = performance.now() - createdAt;

    gateway = await startGateway(provider.apiURL, {
      HALO_POLL_MS: String(POLL_MS),
      HALO_POLL_TIMEOUT_MS: '120000',
      HALO_UPSTREAM_TIMEOUT_MS: '120000',
    });
    const operator = await login(gateway.baseURL, provider.adminPassword);
    admin = operator;
    const tenantB = await login(gateway.baseURL, 'Tenant-B-Passw0rd!', 'b-manager', 'tenant-b');

    // The operator's socket on the alarm stream: each new alarm's delay from its breach.
    const socket = openLiveSocket(gateway.baseURL, operator.token);
    const seen = new Set<number>();
    /** Every alarm the socket told of, in whatever state (one may open and clear between two of the gateway's reads). */
    const reached = new Set<number>();
    const delays: number[] = [];
    const openedAt: number[] = [];
    let otherOpened = 0;
    /** When the threshold is lowered (until then, every alarm is before the storm). */
    let stormStart = Number.POSITIVE_INFINITY;
    socket.on(LiveEvent.ALARMS_CHANGED, (message: AlarmsChangedEvent) => {
      const now = Date.now();
      for (const alarm of message.alarms) {
        reached.add(alarm.id);
        if (alarm.state !== 'active' || seen.has(alarm.id)) continue;
        seen.add(alarm.id);
        const opened = Date.parse(alarm.opened_at);
        delays.push(now - opened);
        // The storm is the temperature's; devices not connected for long open alarms all along.
        if (alarm.device_attribute_type === ThresholdAttributeType.TEMPERATURE) openedAt.push(opened);
        else if (opened >= stormStart && opened < stormStart + STORM_MS) otherOpened += 1;
      }
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket
      .timeout(120_000)
      .emitWithAck(LiveEvent.ALARMS_SUBSCRIBE, { environmentId: operator.environmentId })) as { ok: boolean };
    if (!ack.ok) throw new Error(`alarms.subscribe refused: ${JSON.stringify(ack)}`);
    // The gateway's first poll of 100,000 devices is behind it before the storm.
    await sleep(15_000);

    const threshold = await temperatureThreshold(provider, admin);
    // Setup, not measured: a machine busy with other work may take the readings past their query
    // budget (503); asked again a few times before the bench gives up.
    const { readings } = API.thresholds.readings.answer.parse(
      await askedAgainWhileBusy(() =>
        api(
          provider.url,
          admin,
          'GET',
          pathOf(API.thresholds.readings, { environmentId: admin.environmentId, id: threshold.id }),
        ),
      ),
    );
    // About a tenth of the whole fleet breaching within the minute: the readings are the connected
    // devices' now, and temperatures drift and devices reconnect during the minute, so the limit
    // sits well above the readings' 90th percentile (STORM_PERCENTILE).
    const limit = Math.round(percentile(readings, STORM_PERCENTILE));
    const peak = {
      provider: processMemoryMB(provider.pid).resident,
      gateway: processMemoryMB(gateway.pid).resident,
    };
    const scrape = async () => parseExposition(await (await fetch(`${provider.url}/metrics`)).text());
    const delayAtStart = histogramBuckets(await scrape(), LOOP_DELAY_HISTOGRAM);

    let running = true;
    let rest: number[] = [];
    const restErrors: string[] = [];
    let restCalls = 0;
    const restLoop = (async () => {
      while (running) {
        restCalls += 1;
        const started = performance.now();
        try {
          const response = await fetch(`${gateway.baseURL}${API_BASE}${apiPaths.users.list(tenantB.environmentId)}`, {
            headers: headersOf(tenantB),
            signal: AbortSignal.timeout(30_000),
          });
          await response.arrayBuffer();
          rest.push(performance.now() - started);
          if (!response.ok) restErrors.push(String(response.status));
        } catch (error) {
          restErrors.push(String(error));
        }
        await sleep(200);
      }
    })();
    const memoryLoop = (async () => {
      while (running) {
        peak.provider = Math.max(peak.provider, processMemoryMB(provider.pid).resident);
        peak.gateway = Math.max(peak.gateway, processMemoryMB(gateway.pid).resident);
        await sleep(500);
      }
    })();

    // Before the storm, as long: what the simulator's own work costs the other tenant and the loop.
    await sleep(QUIET_MS);
    const quietRest = rest;
    rest = [];
    const delayAtStorm = histogramBuckets(await scrape(), LOOP_DELAY_HISTOGRAM);
    const quietLoopDelay = quantileBetween(delayAtStart, delayAtStorm, 0.99);

    // The storm: minor from the limit up; major and critical above it.
    stormStart = Date.now();
    await api(
      provider.url,
      admin,
      'PUT',
      pathOf(API.thresholds.update, { environmentId: admin.environmentId, id: threshold.id }),
      stormThreshold(threshold, limit),
    );
    // Where the time goes: when each alarm can first be read in the provider's store (its
    // changes asked every 200 ms), against when it reaches the socket through the gateway.
    const inStore: number[] = [];
    /** The alarms the provider opened in the storm minute: each must reach the socket. */
    const storeIds = new Set<number>();
    const storeLoop = (async () => {
      let after = (
        await api<{ revision: number }>(provider.url, admin, 'GET', apiPaths.alarms.changes(admin.environmentId))
      ).revision;
      const known = new Set<number>();
      while (Date.now() < stormStart + STORM_MS) {
        const answer = await api<{ alarms: { id: number; opened_at: string; state: string }[]; revision: number }>(
          provider.url,
          admin,
          'GET',
          `${apiPaths.alarms.changes(admin.environmentId)}?after=${after}`,
        );
        const now = Date.now();
        for (const alarm of answer.alarms)
          if (alarm.state === 'active' && !known.has(alarm.id)) {
            known.add(alarm.id);
            storeIds.add(alarm.id);
            inStore.push(now - Date.parse(alarm.opened_at));
          }
        after = answer.revision;
        await sleep(200);
      }
    })();
    await sleep(STORM_MS + 5000);
    await storeLoop;
    const stormLoopDelay = quantileBetween(delayAtStorm, histogramBuckets(await scrape(), LOOP_DELAY_HISTOGRAM), 0.99);
    const stormAlarms = openedAt.filter((opened) => opened >= stormStart && opened < stormStart + STORM_MS).length;
    const perSecond = new Map<number, number>();
    for (const opened of openedAt) {
      const second = Math.floor((opened - stormStart) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    const counts = API.alarms.counts.answer.parse(
      await api(gateway.baseURL, operator, 'GET', apiPaths.alarms.counts(operator.environmentId)),
    ).alarm_counts;

    // The mail: the grouping's wait passes, the interval does not.
    await sleep(Math.max(0, stormStart + MAIL_WATCH_MS - Date.now()));
    running = false;
    await Promise.all([restLoop, memoryLoop]);
    const mails = outboxMails(provider.dataDir);
    const timesOf = new Map<string, number[]>();
    for (const mail of mails) timesOf.set(mail.to, [...(timesOf.get(mail.to) ?? []), mail.sentAt]);
    // The most messages one user got within any one grouping interval (a sliding window).
    let mostPerInterval = 0;
    /** Users sent more than the target within one interval. */
    let usersOverTarget = 0;
    for (const times of timesOf.values()) {
      times.sort((a, b) => a - b);
      let mostToThisUser = 0;
      for (let first = 0; first < times.length; first += 1) {
        let last = first;
        while (last + 1 < times.length && (times[last + 1] ?? 0) - (times[first] ?? 0) < GROUP_INTERVAL_MS) last += 1;
        mostToThisUser = Math.max(mostToThisUser, last - first + 1);
      }
      mostPerInterval = Math.max(mostPerInterval, mostToThisUser);
      if (mostToThisUser > TARGET.mailsPerUserPerInterval) usersOverTarget += 1;
    }
    const stormMails = mails.filter((mail) => mail.sentAt >= stormStart);
    const toldOfStorm = new Set(stormMails.map((mail) => mail.to));
    const minorUsersTold = [...toldOfStorm].filter(
      (to) => Number(/bench-user-(\d+)@/.exec(to)?.[1]) < USERS * MINOR_USERS_SHARE,
    ).length;
    const firstStormMail = Math.min(...stormMails.map((mail) => mail.sentAt)) - stormStart;
    // Minutes after the storm: an alarm the provider opened that never reached the socket is lost.
    const neverOnSocket = [...storeIds].filter((id) => !reached.has(id)).length;
    socket.close();
    const socketP99 = percentile(delays, 99);
    const otherP99 = percentile(rest, 99);
    const met = (value: number, target: number) =>
      !Number.isFinite(value) ? 'n/a' : value <= target ? 'met' : 'MISSED';

    const row = (name: string, value: string, target?: string): readonly [string, string] => [
      name,
      target ? `${value}   (target ${target})` : value,
    ];
    console.log(
      figureTable(
        `bench:alarms: ${DEVICES.toLocaleString('en-US')} devices, ${USERS} users, limit at p${STORM_PERCENTILE} of the readings`,
        [
          row('minor limit set to', `${limit} °C (p${STORM_PERCENTILE} of ${readings.length} readings)`),
          row('users created', `${USERS} in ${(usersMs / 1000).toFixed(1)} s`),
          row(
            'alarms opened in the storm minute',
            `${stormAlarms} (${((stormAlarms / DEVICES) * 100).toFixed(1)} % of devices)`,
            `about ${STORM_SHARE * 100} %`,
          ),
          row(
            'alarms opened per second',
            `mean ${(stormAlarms / (STORM_MS / 1000)).toFixed(0)}, peak ${Math.max(0, ...perSecond.values())}`,
          ),
          row('active alarms by severity (minor, major, critical)', `${counts.active.slice(1).join(', ')}`),
          row(
            'breach → alarm readable in the provider (asked every 200 ms)',
            `p50 ${ms(percentile(inStore, 50))}, p99 ${ms(percentile(inStore, 99))}`,
          ),
          row('other alarms opened meanwhile (devices not connected for long)', String(otherOpened)),
          row(
            'breach → alarm on socket',
            `p50 ${ms(percentile(delays, 50))}, p99 ${ms(socketP99)}, max ${ms(Math.max(...delays))}`,
            `p99 ≤ ${ms(TARGET.breachToSocketP99Ms)}: ${met(socketP99, TARGET.breachToSocketP99Ms)}`,
          ),
          row(
            'e-mails from the storm on',
            `${stormMails.length} to ${toldOfStorm.size} users (${minorUsersTold} of ${USERS * MINOR_USERS_SHARE} minor-level users), the first ${ms(firstStormMail)} after the storm began`,
          ),
          row(
            `most e-mails to one user in any ${GROUP_INTERVAL_MS / 60_000} min (the grouping interval)`,
            `${mostPerInterval} (${mails.length} messages in all, over ${timesOf.size} users)`,
            `≤ ${TARGET.mailsPerUserPerInterval}`,
          ),
          row(
            'other tenant REST, the quiet minute',
            `p50 ${ms(percentile(quietRest, 50))}, p99 ${ms(percentile(quietRest, 99))}`,
          ),
          row(
            'other tenant REST, storm and mail',
            `p50 ${ms(percentile(rest, 50))}, p99 ${ms(otherP99)}, ${restErrors.length} errors over both`,
            `p99 ≤ ${ms(TARGET.otherTenantRestP99Ms)}: ${met(otherP99, TARGET.otherTenantRestP99Ms)}, 0 errors`,
          ),
          row('provider event-loop delay p99, quiet minute', ms(quietLoopDelay * 1000)),
          row(
            'provider event-loop delay p99, storm minute',
            ms(stormLoopDelay * 1000),
            `≤ ${ms(TARGET.loopP99Ms)}: ${met(stormLoopDelay * 1000, TARGET.loopP99Ms)}`,
          ),
          row('peak resident memory', `provider ${peak.provider.toFixed(0)} MB, gateway ${peak.gateway.toFixed(0)} MB`),
        ],
      ),
    );
    assertVerified('bench:alarms', [
      {
        what: 'alarms the provider opened in the storm minute (asked every 200 ms)',
        stated: storeIds.size,
        verified: storeIds.size,
        wrong: neverOnSocket,
        wrongWhat: 'never reached the subscribed socket',
      },
      {
        what: "of the other tenant's REST calls, the quiet minute, the storm and the mail",
        stated: restCalls,
        verified: quietRest.length + rest.length,
        wrong: restErrors.length,
        wrongWhat: `errors (an answer other than 2xx, or none)${restErrors.length ? `: ${[...new Set(restErrors)].slice(0, 3).join('; ')}` : ''}`,
      },
      {
        what: 'minor-level users told of the storm by e-mail',
        stated: USERS * MINOR_USERS_SHARE,
        verified: minorUsersTold,
        wrong: usersOverTarget,
        wrongWhat: `users sent more than ${TARGET.mailsPerUserPerInterval} in one grouping interval`,
      },
    ]);
  } finally {
    await gateway?.dispose();
    await provider.dispose();
  }
});
