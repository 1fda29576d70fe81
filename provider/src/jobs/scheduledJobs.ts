import cron, { type RunCoordinator, type ScheduledTask } from 'node-cron';
import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { pruneAlarms } from './pruneAlarms.js';
import { sendAlarmMail } from './alarmMail.js';
import { pruneHeatSightHistory } from './pruneHeatSightHistory.js';

/**
 * Scheduled work is this one list of jobs on node-cron (the design card's choice): a job is a
 * name, a cron schedule (node-cron's syntax, seconds optional) and what it runs. A new job is
 * a line here; the provider starts the list with it and stops it on shutdown.
 */
export interface ScheduledJob {
  readonly name: string;
  readonly schedule: string;
  run(context: ProviderContext): Promise<void>;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // Hourly, off the hour that other installations' jobs favour: an hour's worth of rows each time.
  { name: 'heatsight-retention', schedule: '17 * * * *', run: pruneHeatSightHistory },
  // Daily, at night: cleared alarms past HALO_ALARMS_RETENTION_DAYS.
  { name: 'alarm-retention', schedule: '27 3 * * *', run: pruneAlarms },
  // Every 10 s: each user's alarm mail when its wait or interval is up (the grouping is in the state, not the schedule).
  {
    name: 'alarm-mail',
    schedule: '*/10 * * * * *',
    run: async (context) => {
      await sendAlarmMail(context);
    },
  },
];

export interface RunningJobs {
  /** Stops the schedules and waits for the runs in flight. */
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  /**
   * Decides which process runs a due job. Each job must run once per cluster; the provider is
   * one process today, so none is needed. With several replicas, pass one that holds the
   * pollers' leadership (node-cron asks it before every run).
   */
  readonly runCoordinator?: RunCoordinator;
}

/** Starts every job's schedule; refuses a schedule node-cron would not read, before starting any. */
export function startScheduledJobs(
  context: ProviderContext,
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
  options: StartJobsOptions = {},
): RunningJobs {
  for (const job of jobs)
    if (!cron.validate(job.schedule)) throw new Error(`Scheduled job ${job.name}: invalid schedule '${job.schedule}'`);
  const inFlight = new Set<Promise<void>>();
  const tasks: ScheduledTask[] = jobs.map((job) =>
    cron.createTask(
      job.schedule,
      () => {
        const running = job
          .run(context)
          .catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'))
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
        return running;
      },
      {
        name: job.name,
        noOverlap: true,
        ...(options.runCoordinator ? { distributed: true, runCoordinator: options.runCoordinator } : {}),
      },
    ),
  );
  for (const task of tasks) void task.start();
  return {
    async stop() {
      await Promise.all(tasks.map((task) => Promise.resolve(task.stop())));
      await Promise.all([...inFlight]);
      await Promise.all(tasks.map((task) => Promise.resolve(task.destroy())));
    },
  };
}
