import cron from 'node-cron';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import type { ProviderContext } from '../context.js';
import { jobSchedules, SCHEDULED_JOBS, startScheduledJobs, type ScheduledJob } from './scheduledJobs.js';

// Schedules tick in whole seconds: a job that runs every second is seen within a few.
vi.setConfig({ testTimeout: 20_000 });

const context = { now: () => 0 } as unknown as ProviderContext;
const ourTasks = (names: readonly string[]) =>
  [...cron.getTasks().values()].filter((task) => task.name !== undefined && names.includes(task.name));

describe('the scheduled jobs', () => {
  it('are one list of named jobs whose schedules node-cron reads, HeatSight retention among them', () => {
    const names = SCHEDULED_JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { job, schedule } of jobSchedules(SCHEDULED_JOBS, loadConfig({ HALO_BACKUP_SCHEDULE: '0 2 * * *' })))
      expect(cron.validateDetailed(schedule), job.name).toMatchObject({ valid: true });
    expect(names).toEqual(
      expect.arrayContaining([
        'heatsight-retention',
        'alarm-retention',
        'system-log-retention',
        'alarm-mail',
        'alarm-digest',
        'scheduled-backup',
      ]),
    );
  });

  it('takes the digest and backup schedules from the configuration; scheduled backups are off unless set', () => {
    const scheduleOf = (env: Record<string, string>, name: string) =>
      jobSchedules(SCHEDULED_JOBS, loadConfig(env)).find(({ job }) => job.name === name)?.schedule;
    expect(scheduleOf({}, 'alarm-digest')).toBe('0 7 * * *');
    expect(scheduleOf({ HALO_ALARM_DIGEST_SCHEDULE: '30 6 * * 1-5' }, 'alarm-digest')).toBe('30 6 * * 1-5');
    expect(scheduleOf({}, 'scheduled-backup')).toBeUndefined();
    expect(scheduleOf({ HALO_BACKUP_SCHEDULE: '' }, 'scheduled-backup')).toBeUndefined();
    expect(scheduleOf({ HALO_BACKUP_SCHEDULE: '15 2 * * *' }, 'scheduled-backup')).toBe('15 2 * * *');
  });

  it('runs each job on its schedule with the context, and stops: no task left, the run in flight awaited', async () => {
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const jobs: ScheduledJob[] = [
      {
        name: 'test-every-second',
        schedule: '* * * * * *',
        run: (given) => {
          expect(given).toBe(context);
          runs.push('every-second');
          return Promise.resolve();
        },
      },
      {
        name: 'test-held',
        schedule: '* * * * * *',
        run: async () => {
          runs.push('held');
          await held;
        },
      },
      // Never due while the test runs: started and stopped all the same.
      { name: 'test-yearly', schedule: '0 0 1 1 *', run: () => Promise.reject(new Error('not due')) },
    ];
    const running = startScheduledJobs(context, jobs);
    expect(ourTasks(jobs.map((job) => job.name))).toHaveLength(3);
    await vi.waitFor(() => expect(runs).toEqual(expect.arrayContaining(['every-second', 'held'])), { timeout: 10_000 });
    let stopped = false;
    const stopping = running.stop().then(() => {
      stopped = true;
    });
    // The held run is still in flight: stopping waits for it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ourTasks(jobs.map((job) => job.name))).toHaveLength(0);
  });

  it('refuses a schedule node-cron cannot read before starting any job', () => {
    const jobs: ScheduledJob[] = [
      { name: 'test-fine', schedule: '*/5 * * * *', run: () => Promise.resolve() },
      { name: 'test-broken', schedule: 'every tuesday', run: () => Promise.resolve() },
    ];
    expect(() => startScheduledJobs(context, jobs)).toThrow(/test-broken: invalid schedule/);
    expect(ourTasks(['test-fine', 'test-broken'])).toHaveLength(0);
  });
});
