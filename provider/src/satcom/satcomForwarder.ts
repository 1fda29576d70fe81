import {
  OutboundFailureReason,
  outboundFailureCode,
  SATCOM_FORWARD_BATCH,
  SatcomLinkStatus,
  type OutboundFailure,
  type SatcomMessage,
} from '@halo/shared';
import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { callOutbound, OutboundCallFailed, type OutboundPolicy } from '../net/outboundCall.js';
import { satcomMessageOf } from './satcomMessageView.js';
import { tenantsAmong } from '../store/environments.js';
import type { SatcomTargetRow } from '../store/schema.js';

export interface SatcomForwarderOptions {
  readonly policy: OutboundPolicy;
  readonly intervalMs: number;
  /** How long one delivery may take, all of it (connect, send, answer); 5 s unless given. */
  readonly deadlineMs?: number;
}

/** A target's lane among the deliveries' (net/deliveryLanes.ts). */
const laneOf = (environmentId: number) => `satcom:${environmentId}`;

/** Back-off after a failure: 1 s, 2 s, 4 s ... at most a minute. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60_000;

/** Statuses that say the target is set up wrong (address, key): the operator must fix it. */
const MISCONFIGURED_STATUSES = new Set([400, 401, 403, 404, 405, 410, 413, 415]);

/** What the target receives: a batch of messages, oldest first. An empty batch checks the link. */
export interface SatcomDelivery {
  readonly environment_id: number;
  readonly messages: readonly SatcomMessage[];
}

/**
 * Forwards each environment's satellite messages to its satcom target: every `intervalMs`,
 * the messages after the last one delivered, oldest first, in batches of 100, POSTed as JSON
 * with `Authorization: Bearer <key>`, under the outbound policy (HALO_SATCOM_ALLOWED_NETWORKS).
 * The link status (section 4) follows: connected once the target answers, transmitted once it
 * accepted messages, misconfigured when it refuses the address or the key. A target that does
 * not answer is tried again with back-off, and nothing is lost: delivery resumes where it stopped.
 * Its state lives in the target's row, so a restart carries on and the page can show it.
 */
export function createSatcomForwarder(context: ProviderContext, options: SatcomForwarderOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;

  async function deliver(target: SatcomTargetRow, now: number): Promise<void> {
    const rows = await context.db
      .selectFrom('satcom_messages')
      .selectAll()
      .where('environment_id', '=', target.environment_id)
      .where('id', '>', target.forwarded_through_id)
      .orderBy('id', 'asc')
      .limit(SATCOM_FORWARD_BATCH)
      .execute();
    // Nothing to send: a target not reached since it was set gets an empty batch, to check the link.
    const reachable =
      target.checked_at !== null &&
      (target.link_status === SatcomLinkStatus.CONNECTED || target.link_status === SatcomLinkStatus.TRANSMITTED);
    if (rows.length === 0 && reachable) return;
    const delivery: SatcomDelivery = { environment_id: target.environment_id, messages: rows.map(satcomMessageOf) };
    const record = async (status: number, failure: OutboundFailure | null, extra: object = {}) => {
      await context.db
        .updateTable('satcom_targets')
        .set({
          link_status: status,
          // The generic reason only: the page shows it; the detail went to the log.
          last_error: failure === null ? null : outboundFailureCode(failure),
          checked_at: now,
          ...extra,
        })
        .where('environment_id', '=', target.environment_id)
        // A target changed meanwhile (PUT, DELETE) is not overwritten with an outcome of the old one.
        .where('updated_at', '=', target.updated_at)
        .execute();
    };
    const fail = async (status: number, failure: OutboundFailure, detail: string) => {
      const failures = target.failures + 1;
      const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
      log.warn(
        { environmentId: target.environment_id, reason: outboundFailureCode(failure), detail, failures },
        'satcom delivery failed',
      );
      await record(status, failure, { failures, next_attempt_at: now + delay });
    };
    // A target that has not worked since it was set is not connected while it fails; one that
    // has keeps its status (the failure may pass) and the page shows the error beside it.
    const statusWhileFailing = reachable ? target.link_status : SatcomLinkStatus.MISCONFIGURED;
    let answer;
    try {
      answer = await callOutbound(
        new URL(target.url),
        {
          method: 'POST',
          json: delivery,
          headers: { Authorization: `Bearer ${context.secrets.open(target.api_key_sealed)}` },
          deadlineMs: options.deadlineMs ?? 5000,
        },
        options.policy,
      );
    } catch (error) {
      const failed =
        error instanceof OutboundCallFailed
          ? error
          : new OutboundCallFailed({ reason: OutboundFailureReason.UNREACHABLE }, String(error), { cause: error });
      // An address the policy refuses will not get better by itself; a silent target might.
      const refused = failed.failure.reason === OutboundFailureReason.ADDRESS_REFUSED;
      await fail(refused ? SatcomLinkStatus.MISCONFIGURED : statusWhileFailing, failed.failure, failed.message);
      return;
    }
    if (answer.status < 200 || answer.status >= 300) {
      const status = MISCONFIGURED_STATUSES.has(answer.status) ? SatcomLinkStatus.MISCONFIGURED : statusWhileFailing;
      await fail(
        status,
        { reason: OutboundFailureReason.REFUSED_STATUS, status: answer.status },
        `${new URL(target.url).host} answered HTTP ${answer.status}: ${answer.body.slice(0, 200)}`,
      );
      return;
    }
    const last = rows.at(-1);
    if (!last) {
      await record(SatcomLinkStatus.CONNECTED, null, { failures: 0, next_attempt_at: null });
      return;
    }
    await context.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('satcom_targets')
        .set({
          link_status: SatcomLinkStatus.TRANSMITTED,
          last_error: null,
          failures: 0,
          next_attempt_at: null,
          checked_at: now,
          forwarded_through_id: last.id,
          last_transmitted_at: now,
        })
        .where('environment_id', '=', target.environment_id)
        .where('updated_at', '=', target.updated_at)
        .execute();
      await trx
        .updateTable('satcom_messages')
        .set({ link_status: SatcomLinkStatus.TRANSMITTED })
        .where('environment_id', '=', target.environment_id)
        .where('id', '>', target.forwarded_through_id)
        .where('id', '<=', last.id)
        .execute();
    });
  }

  /**
   * One round: each due target's delivery started in its own lane (net/deliveryLanes.ts), a
   * tenant's share capped; a target still delivering since an earlier round is left to it, so a
   * slow target holds neither another nor the next round. Answers the deliveries started.
   */
  async function startRound(): Promise<Promise<void>[]> {
    const now = context.now();
    const targets = await context.db
      .selectFrom('satcom_targets')
      .select('environment_id')
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .execute();
    const waiting = targets.filter((target) => !context.deliveries.holds(laneOf(target.environment_id)));
    if (waiting.length === 0) return [];
    const tenantOf = tenantsAmong(await context.db.selectFrom('environments').select(['id', 'parent_id']).execute());
    return waiting.map(({ environment_id: environmentId }) =>
      context.deliveries.run(tenantOf(environmentId), laneOf(environmentId), async () => {
        // Read as its turn comes: a delivery that ended since the round began moved it on.
        const at = context.now();
        const target = await context.db
          .selectFrom('satcom_targets')
          .selectAll()
          .where('environment_id', '=', environmentId)
          .executeTakeFirst();
        if (!target || (target.next_attempt_at !== null && Number(target.next_attempt_at) > at)) return;
        await deliver(target, at);
      }),
    );
  }

  /** One round, waited for. */
  async function forwardOnce(): Promise<void> {
    await Promise.all(await startRound());
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = startRound()
        // Each delivery's failure is its own to log; the round goes on without it.
        .then((started) => {
          for (const delivery of started)
            delivery.catch((error: unknown) => log.error({ err: error }, 'satcom forwarding failed'));
        })
        .catch((error: unknown) => log.error({ err: error }, 'satcom forwarding failed'))
        .finally(schedule);
    }, options.intervalMs);
  }

  return {
    forwardOnce,
    start() {
      stopped = false;
      schedule();
    },
    /** Stops the rounds; the deliveries in flight end within their deadline (ProviderContext.deliveries). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type SatcomForwarder = ReturnType<typeof createSatcomForwarder>;
