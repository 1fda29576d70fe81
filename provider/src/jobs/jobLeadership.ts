import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RunCoordinator } from 'node-cron';
import { log } from '../log.js';
import type { Database } from '../store/schema.js';

/** How long a job's lease holds without renewal: a replica that stops renewing hands its jobs on after this. */
export const JOB_LEASE_TTL_MS = 30_000;

export interface JobLeadershipOptions {
  /** Who this replica is in the leases (a new id each start by default). */
  readonly owner?: string;
  readonly ttlMs?: number;
  /** The clock of the leases (the provider's; tests move it). */
  readonly now?: () => number;
}

/**
 * Which provider replica runs each scheduled job: the gateway pollers' lock discipline
 * (gateway/src/pollers/leadership.ts), kept in the database rather than Redis. A job's lease is
 * a row of scheduled_job_leases: taken when free or expired, renewed every third of the TTL by
 * its holder, every write fenced by owner (only the holder renews it; another takes it only once
 * it has expired), and given up when the scheduler stops, so another replica takes the job at
 * its next round rather than after the TTL.
 *
 * Why the database and not the pollers' Redis lock: provider replicas always share the database
 * (it is the system of record) but not necessarily Redis (REDIS_URL is the gateways' setting; a
 * provider has no connection to it), so a lease there needs no new dependency and no second
 * failure mode (Redis down would stop every job). And the fence that matters lives beside the
 * work: node-cron asks `shouldRun` before each due run, and the answer is one conditional upsert
 * that both checks the lease and records the schedule slot as run (last_slot), so a slot runs
 * once even if the lease changed hands around it (an expiry while the old holder was stalled).
 * The leases' times are the replicas' clocks: a 30 s TTL leaves room for any NTP-kept skew.
 */
export class JobLeadership {
  readonly owner: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** The jobs whose lease this replica holds, as it last learnt. */
  private readonly held = new Set<string>();
  private jobs: readonly string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    options: JobLeadershipOptions = {},
  ) {
    this.owner = options.owner ?? randomUUID();
    this.ttlMs = options.ttlMs ?? JOB_LEASE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Takes `job`'s lease when it is free, expired or already ours, and renews it: one statement,
   * fenced by owner. With `slot` (a due run's scheduled time), also only when that slot has not
   * run yet, and records it as run. Answers whether it did.
   */
  async hold(job: string, slot?: number): Promise<boolean> {
    const now = this.now();
    const expiresAt = now + this.ttlMs;
    const result = await this.db
      .insertInto('scheduled_job_leases')
      .values({ job, owner: this.owner, expires_at: expiresAt, last_slot: slot ?? null })
      .onConflict((conflict) =>
        conflict
          .column('job')
          .doUpdateSet({ owner: this.owner, expires_at: expiresAt, ...(slot === undefined ? {} : { last_slot: slot }) })
          .where((eb) =>
            eb.and([
              eb.or([
                eb('scheduled_job_leases.owner', '=', this.owner),
                eb('scheduled_job_leases.expires_at', '<=', now),
              ]),
              ...(slot === undefined
                ? []
                : [
                    eb.or([
                      eb('scheduled_job_leases.last_slot', 'is', null),
                      eb('scheduled_job_leases.last_slot', '<', slot),
                    ]),
                  ]),
            ]),
          ),
      )
      .executeTakeFirst();
    const holds = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (holds) this.held.add(job);
    // Not written: another holds it, or (with a slot) the slot ran already and the lease stands as it was.
    else if (slot === undefined) this.held.delete(job);
    return holds;
  }

  /** Whether this replica holds `job`'s lease, as it last learnt. */
  leads(job: string): boolean {
    return this.held.has(job);
  }

  /** What node-cron asks before each due run of `job` (its key is `<job>:<slot as ISO time>`). */
  coordinatorFor(job: string): RunCoordinator {
    return {
      shouldRun: async (key) => {
        if (this.stopped) return false;
        const slot = Date.parse(key.slice(job.length + 1));
        return this.hold(job, Number.isFinite(slot) ? slot : undefined);
      },
    };
  }

  /** Competes for `jobs`' leases, now and every third of the TTL, until stop(). */
  campaign(jobs: readonly string[]): void {
    this.jobs = jobs;
    const loop = () => {
      if (this.stopped) return;
      this.round = (async () => {
        for (const job of this.jobs) {
          try {
            await this.hold(job);
          } catch (error) {
            // Unsure whether it still holds: it counts itself deposed, as a gateway that cannot renew does.
            this.held.delete(job);
            if (!this.stopped) log.error({ err: error, job }, 'scheduled job leadership failed');
          }
        }
      })();
      void this.round.finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(loop, Math.max(50, Math.floor(this.ttlMs / 3)));
        this.timer.unref();
      });
    };
    loop();
  }

  /** Stops competing and gives up the leases held (expired now; the slots run stay recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
    const held = [...this.held];
    this.held.clear();
    if (held.length === 0) return;
    try {
      await this.db
        .updateTable('scheduled_job_leases')
        .set({ expires_at: 0 })
        .where('job', 'in', held)
        .where('owner', '=', this.owner)
        .execute();
    } catch {
      // The leases expire by themselves; another replica takes the jobs after the TTL.
    }
  }
}
