import { writeFileSync } from 'node:fs';
import { parseExposition, sampleValue } from '@halo/shared/metrics';
import { expect, test } from '@playwright/test';
import { openBenchStore, type Dialect } from '../bench/benchStore';
import { longBusyStretches, topSelfTime } from '../bench/cpuProfile';
import { inspectorUrls, startCpuProfile } from '../bench/inspector';
import { callContract } from '../fixtures/contractCall';
import { contractEntries, type ContractEntry, type ContractWorld } from '../fixtures/contractRequests';
import { contractWorld, makeWorldItems, seedLargeEnvironment, sweepSizeAt } from '../fixtures/contractWorld';
import { login } from '../fixtures/liveClient';
import { storeOfItsOwn } from '../fixtures/ownDatabase';
import { startProvider, type ProviderProcess } from '../fixtures/stack';

/**
 * The contract sweep (issue 37): every call the contract declares, with its largest allowed
 * parameters (fixtures/contractRequests.ts, typed by the contract so a new call is in the sweep
 * by being declared), against an environment of 100,000 devices, 1,000,000 log lines and
 * millions of position samples, while the provider's event loop is watched: a call that holds
 * it longer than LOOP_HOLD_LIMIT_MS fails the sweep, and so does any 5xx.
 *
 * The hold is the provider's own `halo_provider_nodejs_eventloop_lag_max_seconds` over the
 * call (its /metrics resets it at each scrape). A call that holds it is made again, up to
 * ATTEMPTS times (reads, and writes that do the same work again: not a removal, not `once`),
 * and judged by its best: on a 2-core machine another process, or one of the provider's own
 * scheduled jobs, can hold the processor for a moment; a call cannot make its best attempt
 * shorter than its own work.
 * HALO_SWEEP_SCALE scales the data (0.1 for a quick run; the suite runs at 1).
 * HALO_SWEEP_PROFILE=1 (for finding out why, not for the suite): the provider runs with its
 * inspector open, and a call that held the loop is made once more under a CPU profile of the
 * provider's main thread, whose top functions and busy stretches are printed (and the profile
 * saved beside the test's results, for DevTools). HALO_SWEEP_ONLY=<regular expression> makes
 * only the calls whose names match (the others' items are still made): for a quicker look.
 */

const LOOP_HOLD_LIMIT_MS = 50;
const ATTEMPTS = 3;
/** The provider's event-loop delay monitor's resolution (EVENT_LOOP_RESOLUTION_MS in shared/src/metrics). */
const MONITOR_PERIOD_MS = 5;
const SCALE = Number(process.env.HALO_SWEEP_SCALE ?? '1');
const SIZE = sweepSizeAt(SCALE);
const PROFILE = process.env.HALO_SWEEP_PROFILE === '1';
const ONLY = process.env.HALO_SWEEP_ONLY ? new RegExp(process.env.HALO_SWEEP_ONLY) : null;

/**
 * Calls known to hold the loop past the limit, each with why: the sweep reports them and does
 * not fail on them. The list may only shrink (issue 37); a call not on it that holds the loop
 * fails the sweep.
 */
const KNOWN_LOOP_HOLDERS: Readonly<Record<string, string>> = {
  'POST /config/{environmentId}/devices/import (a CSV of new devices)':
    'measured 66-118 ms for 100,000 rows, 80-106 ms on SQLite and 99 ms on PostgreSQL on 2026-11-29 (was 1,294 ms on SQLite): the publish is one transaction (all or nothing) whose SQLite commit writes its pages on the writer thread (45 ms alone); on PostgreSQL the staging of the checked batches, not yet profiled',
};

/** The loop's longest delay since the last scrape, in ms. */
async function loopHoldMs(provider: ProviderProcess): Promise<number> {
  const text = await (await fetch(`${provider.url}/metrics`)).text();
  return (sampleValue(parseExposition(text), 'halo_provider_nodejs_eventloop_lag_max_seconds') ?? 0) * 1000;
}

interface Measured {
  readonly name: string;
  readonly status: number;
  readonly bytes: number;
  readonly ms: number;
  readonly holdMs: number;
  readonly attempts: number;
  /** A refusal's error number (the spec's format), to tell an expected refusal from a surprise. */
  readonly error: number | null;
}

async function measure(
  provider: ProviderProcess,
  world: ContractWorld,
  authorization: string,
  entry: ContractEntry,
): Promise<Measured> {
  // A removal has one item to remove, and some writes would find their work done a second time.
  const attempts = entry.phase === 'remove' || entry.phase === 'leave' || entry.contractCase.once ? 1 : ATTEMPTS;
  let best: Measured | null = null;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    let caller = authorization;
    if (entry.contractCase.ownSession) {
      const own = await login(provider.url, world.password, world.username, world.environmentName);
      caller = `Bearer ${own.token}`;
    }
    await loopHoldMs(provider);
    // Node's delay monitor records nothing until its timer has run once after the reset: a call
    // made at once could hold the loop unseen. Two of its periods first.
    await new Promise((resolve) => setTimeout(resolve, 2 * MONITOR_PERIOD_MS));
    const started = performance.now();
    const answer = await callContract(
      provider.url,
      entry.endpoint.access === 'public' ? null : caller,
      entry.endpoint,
      entry.contractCase.request(world),
      entry.contractCase.file?.(world),
    );
    const ms = performance.now() - started;
    const holdMs = await loopHoldMs(provider);
    const error = (answer.json as { error?: unknown } | null)?.error;
    const measured = {
      name: entry.name,
      status: answer.status,
      bytes: answer.bytes,
      ms,
      holdMs,
      attempts: attempt,
      error: typeof error === 'number' ? error : null,
    };
    if (!best || holdMs < best.holdMs) best = measured;
    if (holdMs <= LOOP_HOLD_LIMIT_MS) break;
  }
  return best as Measured;
}

/** The call made once more under a CPU profile of the provider's main thread: where its hold went. */
async function profiled(
  provider: ProviderProcess,
  world: ContractWorld,
  authorization: string,
  entry: ContractEntry,
): Promise<string> {
  // The latest address: the provider was restarted after the seeding.
  const mainThread = inspectorUrls(provider.output()).at(-1);
  if (!mainThread) return "no inspector address in the provider's output";
  const profiling = await startCpuProfile(mainThread, 200);
  await callContract(
    provider.url,
    entry.endpoint.access === 'public' ? null : authorization,
    entry.endpoint,
    entry.contractCase.request(world),
    entry.contractCase.file?.(world),
  );
  const profile = await profiling.stop();
  writeFileSync(
    test.info().outputPath(`${entry.name.replace(/\W+/g, '_').slice(0, 80)}.cpuprofile`),
    JSON.stringify(profile),
  );
  return [...topSelfTime(profile, 12), ...longBusyStretches(profile, 20, 8)].join('\n    ');
}

/** Ten seconds of the idle provider's main thread under a CPU profile: what its floor is made of. */
async function idleProfile(provider: ProviderProcess): Promise<string> {
  const mainThread = inspectorUrls(provider.output()).at(-1);
  if (!mainThread) return "no inspector address in the provider's output";
  const profiling = await startCpuProfile(mainThread, 200);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const profile = await profiling.stop();
  writeFileSync(test.info().outputPath('idle.cpuprofile'), JSON.stringify(profile));
  return [...topSelfTime(profile, 12), ...longBusyStretches(profile, 5, 8)].join('\n    ');
}

const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

for (const dialect of DIALECTS) {
  test(`contract sweep on ${dialect}: no call holds the provider's loop past ${LOOP_HOLD_LIMIT_MS} ms`, async () => {
    test.setTimeout(30 * 60_000);
    const log = (text: string) => console.log(`[contract sweep ${dialect}] ${text}`);
    const own = await storeOfItsOwn(dialect, 'contract_sweep');
    const { schema } = own;
    const providerEnv = {
      HALO_LOG_LEVEL: 'warn',
      HALO_SIM_CHANGE_FRACTION: '0',
      // The import adds its rows to the seeded devices: room for both.
      HALO_ENVIRONMENT_MAX_DEVICES: String(SIZE.devices + SIZE.importRows + 1000),
      HALO_RATE_LIMIT_API_PER_MIN: '1000000',
      ...own.providerEnv,
      ...(PROFILE ? { NODE_OPTIONS: '--inspect=127.0.0.1:0' } : {}),
    };
    // The simulator's 200 devices are the templates the seeding copies.
    const provider = await startProvider({ ...providerEnv, HALO_SIM_DEVICES: '200' });
    try {
      const started = performance.now();
      const admin = await login(provider.url, provider.adminPassword);
      const authorization = `Bearer ${admin.token}`;
      let store = await openBenchStore(dialect, { dataDir: provider.dataDir, schema });
      while (
        Number(
          (
            await store.one<{ count: number | string }>(
              `select count(*) as count from devices where environment_id = ${admin.environmentId} and simulated = 1`,
            )
          ).count,
        ) < 200
      )
        await new Promise((resolve) => setTimeout(resolve, 500));
      await store.close();
      const items = await makeWorldItems(provider.url, authorization, admin.environmentId);
      await provider.stop();
      store = await openBenchStore(dialect, { dataDir: provider.dataDir, schema });
      const now = Date.now();
      const seeded = await seedLargeEnvironment(store, admin.environmentId, now, SIZE);
      await store.close();
      await provider.restart({ ...providerEnv, HALO_SIM_DEVICES: '0' }, 5 * 60_000);
      log(
        `${SIZE.devices} devices, ${SIZE.systemLogs} log lines, ${SIZE.positionSamples} samples seeded in ${Math.round((performance.now() - started) / 1000)} s`,
      );
      const session = await login(provider.url, provider.adminPassword);
      const world = contractWorld({ id: admin.environmentId, name: 'root' }, items, seeded, now, SIZE);

      // What the loop does with nobody calling (after the start's own work): the floor every call is measured against.
      let idleMs = Number.POSITIVE_INFINITY;
      for (let window = 0; window < 5 && idleMs > LOOP_HOLD_LIMIT_MS / 2; window += 1) {
        await loopHoldMs(provider);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        idleMs = Math.min(idleMs, await loopHoldMs(provider));
      }
      log(`idle loop delay: ${idleMs.toFixed(1)} ms`);
      if (PROFILE) log(`profile of the idle provider:\n    ${await idleProfile(provider)}`);
      expect(idleMs, 'the idle provider already holds its loop').toBeLessThan(LOOP_HOLD_LIMIT_MS);

      const results: Measured[] = [];
      for (const entry of contractEntries().filter((candidate) => !ONLY || ONLY.test(candidate.name)))
        results.push(await measure(provider, world, `Bearer ${session.token}`, entry));

      const table = results
        .map(
          (result) =>
            `${result.holdMs > LOOP_HOLD_LIMIT_MS ? '!!' : '  '} ${result.holdMs.toFixed(0).padStart(6)} ms hold ${result.ms.toFixed(0).padStart(7)} ms ${String(result.status).padStart(4)}${result.error === null ? '      ' : ` e${String(result.error).padEnd(4)}`} ${String(result.bytes).padStart(10)} B  ${result.name}${result.attempts > 1 ? ` (best of ${result.attempts})` : ''}`,
        )
        .join('\n');
      log(
        `${results.length} calls of ${new Set(results.map((result) => result.name.split(' (')[0])).size} endpoints:\n${table}`,
      );

      const serverErrors = results
        .filter((result) => result.status >= 500)
        .map((result) => `${result.name}: ${result.status}`);
      const holders = results.filter((result) => result.holdMs > LOOP_HOLD_LIMIT_MS);
      const known = holders.filter((result) => KNOWN_LOOP_HOLDERS[result.name] !== undefined);
      for (const result of known)
        log(`known: ${result.name} held ${result.holdMs.toFixed(0)} ms (${KNOWN_LOOP_HOLDERS[result.name]})`);
      if (PROFILE)
        for (const result of holders) {
          const entry = contractEntries().find((candidate) => candidate.name === result.name)!;
          if (
            entry.phase === 'remove' ||
            entry.phase === 'leave' ||
            entry.contractCase.once ||
            entry.contractCase.ownSession
          )
            continue;
          log(`profile of ${result.name}:\n    ${await profiled(provider, world, `Bearer ${session.token}`, entry)}`);
        }
      expect(serverErrors, 'calls that answered 5xx').toEqual([]);
      // A known holder names a case the sweep still makes: the list cannot keep a stale name.
      expect(
        Object.keys(KNOWN_LOOP_HOLDERS).filter((name) => !ONLY && !results.some((result) => result.name === name)),
      ).toEqual([]);
      expect(
        holders
          .filter((result) => KNOWN_LOOP_HOLDERS[result.name] === undefined)
          .map((result) => `${result.name}: ${result.holdMs.toFixed(0)} ms`),
        `calls that held the loop past ${LOOP_HOLD_LIMIT_MS} ms`,
      ).toEqual([]);
    } finally {
      await provider.dispose();
      await own.drop();
    }
  });
}
