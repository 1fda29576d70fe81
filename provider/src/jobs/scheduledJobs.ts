import cron, { type ScheduledTask } from 'node-cron';
import type { ProviderConfig } from '../config.js';
import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { pruneAlarms } from './pruneAlarms.js';
import { sendAlarmMail } from './alarmMail.js';
import { startAlarmWebhooks } from './alarmWebhooks.js';
import { pruneHeatSightHistory } from './pruneHeatSightHistory.js';
import { sendAlarmDigest } from './alarmDigest.js';
import type { JobLeadership } from './jobLeadership.js';
import { pruneSystemLogs } from './pruneSystemLogs.js';
import { runScheduledBackup } from './scheduledBackup.js';

/**
 * Scheduled work is this one list of jobs on node-cron (the design card's choice): a job is a
 * name, a cron schedule (node-cron's syntax, seconds optional, the server's local time) and what
 * it runs. A new job is a line here; the provider starts the list with it and stops it on
 * shutdown. In a cluster each due run happens once, on the replica that holds the job's lease
 * (jobLeadership.ts).
 */
export interface ScheduledJob {
  /** Also the job's lease in scheduled_job_leases: letters, digits and dashes. */
  readonly name: string;
  /** The schedule, or one the operator sets (read from the configuration; undefined: the job is off). */
  readonly schedule: string | ((config: ProviderConfig) => string | undefined);
  /** `at`: the schedule's time this run is for. */
  run(context: ProviderContext, at: Date): Promise<void>;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // Every 5 s: each alarm webhook that is due gets the alarm changes since its last delivery (back-off in its row),
  // in a lane of its own: the run starts the deliveries and does not wait for them, so a slow target holds no run.
  {
    name: 'alarm-webhooks',
    schedule: '*/5 * * * * *',
    run: async (context) => {
      for (const delivery of await startAlarmWebhooks(context))
        delivery.catch((error: unknown) => log.error({ err: error }, 'alarm webhook delivery failed'));
    },
  },
  // Hourly, off the hour that other installations' jobs favour: an hour's worth of rows each time.
  { name: 'heatsight-retention', schedule: '17 * * * *', run: pruneHeatSightHistory },
  // Daily, at night: cleared alarms past HALO_ALARMS_RETENTION_DAYS.
  { name: 'alarm-retention', schedule: '27 3 * * *', run: pruneAlarms },
  // Daily, at night, after the alarms: system log entries past HALO_SYSTEM_LOGS_RETENTION_DAYS, in
  // bounded batches (the log is the largest table; its search index keeps in step).
  { name: 'system-log-retention', schedule: '37 3 * * *', run: pruneSystemLogs },
  // Daily (HALO_ALARM_DIGEST_SCHEDULE, 07:00 by default): the alarm digest of each user who asked
  // for one, once a day per user however often it runs.
  {
    name: 'alarm-digest',
    schedule: (config) => config.alarmDigestSchedule,
    run: async (context) => {
      await sendAlarmDigest(context);
    },
  },
  // When HALO_BACKUP_SCHEDULE says (off unless set): `npm run backup`'s code into HALO_BACKUP_DIR,
  // the newest HALO_BACKUP_KEEP complete backups kept.
  { name: 'scheduled-backup', schedule: (config) => config.scheduledBackup.schedule, run: runScheduledBackup },
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
  /** Stops the schedules, waits for the runs in flight and gives up the jobs' leases (once, however often called). */
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  /**
   * Decides which replica runs a due job, so each runs once per cluster: node-cron asks it
   * before every run; the scheduler competes for the jobs' leases while it runs and gives them
   * up when it stops. Without one, this process runs every job.
   */
  readonly leadership?: JobLeadership;
}

/** Each job's schedule under `config`; the jobs turned off (no schedule) left out. */
export function jobSchedules(
  jobs: readonly ScheduledJob[],
  config: ProviderConfig,
): { readonly job: ScheduledJob; readonly schedule: string }[] {
  return jobs.flatMap((job) => {
    const schedule = typeof job.schedule === 'string' ? job.schedule : job.schedule(config);
    return schedule === undefined ? [] : [{ job, schedule }];
  });
}

/** Starts every job's schedule; refuses a schedule node-cron would not read, before starting any. */
export function startScheduledJobs(
  context: ProviderContext,
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
  options: StartJobsOptions = {},
): RunningJobs {
  const scheduled = jobSchedules(jobs, context.config);
  for (const { job, schedule } of scheduled) {
    if (!/^[a-z0-9-]{1,64}$/.test(job.name)) throw new Error(`Scheduled job '${job.name}': not a job name`);
    if (!cron.validate(schedule)) throw new Error(`Scheduled job ${job.name}: invalid schedule '${schedule}'`);
  }
  const { leadership } = options;
  const inFlight = new Set<Promise<void>>();
  const tasks: ScheduledTask[] = scheduled.map(({ job, schedule }) =>
    cron.createTask(
      schedule,
      (task) => {
        const running = job
          .run(context, task.date)
          .catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'))
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
        return running;
      },
      {
        name: job.name,
        noOverlap: true,
        ...(leadership ? { distributed: true, runCoordinator: leadership.coordinatorFor(job.name) } : {}),
      },
    ),
  );
  leadership?.campaign(scheduled.map(({ job }) => job.name));
  for (const task of tasks) void task.start();
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        await Promise.all(tasks.map((task) => Promise.resolve(task.stop())));
        await Promise.all([...inFlight]);
        await Promise.all(tasks.map((task) => Promise.resolve(task.destroy())));
        await leadership?.stop();
      })();
      return stopping;
    },
  };
}
