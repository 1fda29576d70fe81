import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS, startTestProvider, type TestProvider } from '../testing/testProvider.js';
import { JobLeadership } from './jobLeadership.js';
import { startScheduledJobs, type RunningJobs, type ScheduledJob } from './scheduledJobs.js';

// The schedulers' test runs on real time: node-cron fires on whole seconds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('job leadership on %s', (dialect) => {
  let provider: TestProvider;
  const stoppers: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
  });
  afterEach(async () => {
    for (const stop of stoppers.splice(0)) await stop();
    await provider.stop();
  });
  const leaseOf = (job: string) =>
    provider.provider.context.db
      .selectFrom('scheduled_job_leases')
      .selectAll()
      .where('job', '=', job)
      .executeTakeFirst();

  it('gives a job to one replica; another takes it only once the lease expired; the old holder is fenced out', async () => {
    const { db } = provider.provider.context;
    const clock = { now: 1_000_000 };
    const replica = (owner: string) => new JobLeadership(db, { owner, ttlMs: 30_000, now: () => clock.now });
    const a = replica('a');
    const b = replica('b');
    expect(await a.hold('retention')).toBe(true);
    expect(await b.hold('retention')).toBe(false);
    // Renewed within the TTL, it stays a's however long a runs.
    clock.now += 29_000;
    expect(await a.hold('retention')).toBe(true);
    clock.now += 29_000;
    expect(await b.hold('retention')).toBe(false);
    expect(b.leads('retention')).toBe(false);
    // a stopped renewing (stalled, crashed): after the TTL b takes it, and a cannot renew it back.
    clock.now += 30_000;
    expect(await b.hold('retention')).toBe(true);
    expect(await a.hold('retention')).toBe(false);
    expect(a.leads('retention')).toBe(false);
    expect(await leaseOf('retention')).toMatchObject({ owner: 'b' });
    // a's stop gives up nothing of b's; b's stop gives the lease up at once.
    await a.stop();
    expect(Number((await leaseOf('retention'))?.expires_at)).toBe(clock.now + 30_000);
    await b.stop();
    expect(Number((await leaseOf('retention'))?.expires_at)).toBe(0);
    expect(await replica('c').hold('retention')).toBe(true);
  });

  it('runs a due slot once: the holder claims it, nobody runs it again, even after the lease changed hands', async () => {
    const { db } = provider.provider.context;
    const clock = { now: 1_000_000 };
    const a = new JobLeadership(db, { owner: 'a', now: () => clock.now });
    const b = new JobLeadership(db, { owner: 'b', now: () => clock.now });
    const seven = 'alarm-digest:2026-11-23T07:00:00.000Z';
    expect(await a.coordinatorFor('alarm-digest').shouldRun(seven, 30_000)).toBe(true);
    expect(await b.coordinatorFor('alarm-digest').shouldRun(seven, 30_000)).toBe(false);
    expect(await a.coordinatorFor('alarm-digest').shouldRun(seven, 30_000)).toBe(false);
    clock.now += 60_000;
    // The lease expired: b may take the job, but not the slot that ran.
    expect(await b.coordinatorFor('alarm-digest').shouldRun(seven, 30_000)).toBe(false);
    expect(await b.coordinatorFor('alarm-digest').shouldRun('alarm-digest:2026-11-24T07:00:00.000Z', 30_000)).toBe(
      true,
    );
    expect(await leaseOf('alarm-digest')).toMatchObject({ owner: 'b' });
    expect(Number((await leaseOf('alarm-digest'))?.last_slot)).toBe(Date.parse('2026-11-24T07:00:00.000Z'));
  });

  it('two schedulers on one database run each due run of a job once; when the holder stops, the other takes over', async () => {
    const { context } = provider.provider;
    const runs: { owner: string; at: string }[] = [];
    const everySecond = (owner: string): ScheduledJob => ({
      name: 'test-leadership-every-second',
      schedule: '* * * * * *',
      run: (_context, at) => {
        runs.push({ owner, at: at.toISOString() });
        return Promise.resolve();
      },
    });
    const start = (owner: string): RunningJobs => {
      const running = startScheduledJobs(context, [everySecond(owner)], {
        leadership: new JobLeadership(context.db, { owner, ttlMs: 1500 }),
      });
      stoppers.push(() => running.stop());
      return running;
    };
    const first = start('first');
    start('second');
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 100 });
    const slots = runs.map((run) => run.at);
    expect(new Set(slots).size).toBe(slots.length);
    expect(new Set(runs.map((run) => run.owner)).size).toBe(1);
    const holder = runs[0]?.owner;
    const other = holder === 'first' ? 'second' : 'first';
    // The holder stops (its lease given up): the other runs the next slots.
    await (holder === 'first' ? first.stop() : stoppers[1]?.());
    const before = runs.length;
    await vi.waitFor(() => expect(runs.filter((run) => run.owner === other).length).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
      interval: 100,
    });
    expect(runs.slice(before).every((run) => run.owner === other)).toBe(true);
    const all = runs.map((run) => run.at);
    expect(new Set(all).size).toBe(all.length);
  });
});
