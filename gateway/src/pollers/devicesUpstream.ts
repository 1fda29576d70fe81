import { z } from 'zod';
import {
  API,
  apiPaths,
  compactDeviceLiveState,
  DEVICES_STATE_COLUMNS,
  decodeFleetColumnsInTurns,
  DeviceLiveStateSchema,
  FleetSnapshotDecodeError,
  DeviceStatusEntrySchema,
  environmentAccessProbe,
  LiveSystemLogEntrySchema,
  logPollSearch,
  type AlarmChangesResponse,
  type AlarmCounts,
  type DeviceLiveState,
  type DeviceStatusEntry,
  type LogsSystemEvent,
} from '@halo/shared';
import type { GatewayMetrics } from '../metrics.js';
import { BACKGROUND_HEADER } from '../proxy/apiProxy.js';
import type { UpstreamTarget } from '../upstream/upstreamClient.js';
import { upstreamGet } from '../upstream/upstreamGet.js';
import type { UpstreamStatusTracker } from '../upstream/upstreamStatus.js';
import type { PollCapability } from './environmentPoller.js';

export type LiveSystemLogEntry = LogsSystemEvent['entries'][number];

/** What one poller call got: a value, a refusal of the token, no such environment, or a fault. */
export type PollAnswer<T> =
  | { readonly kind: 'ok'; readonly value: T }
  /** 401 or 403: this token may not (any more); another subscriber's may. */
  | { readonly kind: 'denied'; readonly status: number }
  | { readonly kind: 'notFound' }
  /** No answer, a time-out, a 5xx or a body that does not fit: the upstream is at fault. */
  | { readonly kind: 'failed'; readonly detail: string; readonly status?: number };

export interface DevicesStateAnswer {
  readonly devices: DeviceLiveState[];
  readonly removed: number[];
  /** The upstream's revision as of this answer, when it sends one. */
  readonly cursor: number | null;
  /** False when the answer is the full list (asked for, or the upstream did not know the cursor). */
  readonly incremental: boolean;
  /** Entries that did not fit the live state and were left out. */
  readonly invalid: number;
  /** The oldest `updated_at` among the entries (epoch ms), or null when none told it. */
  readonly changedAt: number | null;
}

type ListedDevices = Pick<DevicesStateAnswer, 'devices' | 'invalid' | 'changedAt'>;

/** Entries checked between two turns given to the rest of the event loop. */
const YIELD_EVERY = 2000;

/** Lets whatever waits on the event loop (sockets, other requests) run before going on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The most ids one device_status call carries. */
export const DEVICE_STATUS_CHUNK = 500;

/**
 * The contract's answers with their lists left unparsed: each entry is parsed on its own, so
 * one entry that does not fit is counted and left out instead of failing the whole answer.
 */
const DevicesStateBodySchema = API.devices.devicesState.answer.extend({ devices_state: z.array(z.unknown()) });
const DeviceStatusBodySchema = API.devices.deviceStatus.answer.extend({ device_status: z.array(z.unknown()) });
const SystemLogsBodySchema = API.logs.systemLogs.answer.extend({ system_logs: z.array(z.unknown()) });

type Source = 'devices_state' | 'device_status' | 'system_logs' | 'alarms' | 'access';

export interface DevicesUpstreamOptions {
  readonly metrics: GatewayMetrics;
  readonly status: UpstreamStatusTracker;
  readonly timeoutMs: number;
  /** Time-out of a full devices_state list; the incremental time-out when unset. */
  readonly fullListTimeoutMs?: number;
}

/**
 * The pollers' calls to the upstream, each with a subscriber's token: devices_state,
 * device_status, system_logs, and the access check of an environment. Every outcome feeds the
 * upstream status (a 4xx is an answer, so the upstream is up) and the metrics.
 */
export class DevicesUpstream {
  /**
   * Whether full lists are asked as fleet columns (devices_state format=columns, the product's
   * extension): until an upstream refuses the parameter (a 400), then plain JSON entries.
   */
  private columnsOffered = true;

  constructor(
    readonly target: UpstreamTarget,
    private readonly options: DevicesUpstreamOptions,
  ) {}

  /**
   * Incremental since `cursor` when given, otherwise the full list. A full list is asked as
   * fleet columns: 100,000 devices as JSON entries are 57 MB that took the provider 2.6-3.0 s
   * to send and this loop seconds to parse and check; an upstream that does not know the
   * extension answers entries (it ignores the parameter) or refuses it (asked again without).
   */
  async devicesState(
    environmentId: number,
    token: string,
    cursor: number | null,
  ): Promise<PollAnswer<DevicesStateAnswer>> {
    const columns = cursor === null && this.columnsOffered;
    const query = cursor === null ? (columns ? `?format=${DEVICES_STATE_COLUMNS}` : '') : `?state=1&cursor=${cursor}`;
    const answer = await this.get(
      'devices_state',
      `${apiPaths.devices.devicesState(environmentId)}${query}`,
      token,
      cursor === null ? this.options.fullListTimeoutMs : undefined,
    );
    if (answer.kind === 'failed' && columns && answer.status === 400) {
      this.columnsOffered = false;
      return this.devicesState(environmentId, token, cursor);
    }
    if (answer.kind !== 'ok') return answer;
    const body = DevicesStateBodySchema.safeParse(answer.value);
    if (!body.success) return this.misfit('devices_state');
    const listed =
      body.data.columns === undefined ? await this.entries(body.data.devices_state) : await this.fromColumns(body.data);
    if (listed === null) return this.misfit('devices_state');
    const upstreamCursor = body.data.cursor ?? null;
    return {
      kind: 'ok',
      value: {
        ...listed,
        removed: body.data.removed ?? [],
        cursor: upstreamCursor,
        // Without a cursor of its own the upstream cannot have answered incrementally.
        incremental: cursor !== null && upstreamCursor !== null && body.data.incremental !== false,
      },
    };
  }

  /** The devices of a columns answer, every one checked by the codec; null when they do not fit. */
  private async fromColumns(body: { columns?: unknown; changed_at?: number | null }): Promise<ListedDevices | null> {
    try {
      const devices = await decodeFleetColumnsInTurns(body.columns, YIELD_EVERY, yieldToEventLoop);
      return { devices, invalid: 0, changedAt: body.changed_at ?? null };
    } catch (error) {
      if (error instanceof FleetSnapshotDecodeError) return null;
      throw error;
    }
  }

  /** The devices of JSON entries, each parsed on its own: one that does not fit is counted and left out. */
  private async entries(list: readonly unknown[]): Promise<ListedDevices> {
    const devices: DeviceLiveState[] = [];
    let invalid = 0;
    let changedAt: number | null = null;
    let checked = 0;
    for (const entry of list) {
      // A full list of 100,000 entries takes seconds to check: others get the event loop meanwhile.
      if (++checked % YIELD_EVERY === 0) await yieldToEventLoop();
      const withId =
        typeof entry === 'object' && entry !== null && !('id' in entry) && 'device_id' in entry
          ? { ...entry, id: entry.device_id }
          : entry;
      const device = DeviceLiveStateSchema.safeParse(withId);
      if (!device.success) {
        invalid += 1;
        continue;
      }
      const updatedAt = device.data.updated_at === undefined ? Number.NaN : Date.parse(device.data.updated_at);
      if (!Number.isNaN(updatedAt) && (changedAt === null || updatedAt < changedAt)) changedAt = updatedAt;
      devices.push(compactDeviceLiveState(device.data));
    }
    return { devices, invalid, changedAt };
  }

  /** Links and system report of the given devices, asked in chunks of at most 500 ids. */
  async deviceStatus(
    environmentId: number,
    token: string,
    ids: readonly number[],
  ): Promise<PollAnswer<DeviceStatusEntry[]>> {
    const entries: DeviceStatusEntry[] = [];
    for (let start = 0; start < ids.length; start += DEVICE_STATUS_CHUNK) {
      const chunk = ids.slice(start, start + DEVICE_STATUS_CHUNK);
      const path = `${apiPaths.devices.deviceStatus(environmentId)}?devices=${chunk.join(',')}`;
      const answer = await this.get('device_status', path, token);
      if (answer.kind !== 'ok') return answer;
      const body = DeviceStatusBodySchema.safeParse(answer.value);
      if (!body.success) return this.misfit('device_status');
      for (const raw of body.data.device_status) {
        const entry = DeviceStatusEntrySchema.safeParse(raw);
        if (entry.success) entries.push(entry.data);
      }
    }
    return { kind: 'ok', value: entries };
  }

  /**
   * System log entries newer than `sinceId`, oldest first, at most `pageSize`; with `sinceId`
   * null, the newest entry alone (where the log ends). The paging rule is shared's logPaging.
   */
  async systemLogs(
    environmentId: number,
    token: string,
    sinceId: number | null,
    pageSize: number,
  ): Promise<PollAnswer<{ entries: LiveSystemLogEntry[]; received: number }>> {
    const path = `${apiPaths.logs.systemLogs(environmentId)}${logPollSearch(sinceId, pageSize)}`;
    const answer = await this.get('system_logs', path, token);
    if (answer.kind !== 'ok') return answer;
    const body = SystemLogsBodySchema.safeParse(answer.value);
    if (!body.success) return this.misfit('system_logs');
    const entries: LiveSystemLogEntry[] = [];
    for (const raw of body.data.system_logs) {
      const entry = LiveSystemLogEntrySchema.safeParse(raw);
      if (entry.success) entries.push(entry.data);
    }
    return { kind: 'ok', value: { entries, received: body.data.system_logs.length } };
  }

  /** The log's latest `count` entries raised as alerts, newest first. */
  async recentAlerts(environmentId: number, token: string, count: number): Promise<PollAnswer<LiveSystemLogEntry[]>> {
    const query = new URLSearchParams({ alerts_only: 'true', page_size: String(count) });
    const answer = await this.get(
      'system_logs',
      `${apiPaths.logs.systemLogs(environmentId)}?${query.toString()}`,
      token,
    );
    if (answer.kind !== 'ok') return answer;
    const body = SystemLogsBodySchema.safeParse(answer.value);
    if (!body.success) return this.misfit('system_logs');
    return {
      kind: 'ok',
      value: body.data.system_logs.flatMap((raw) => {
        const entry = LiveSystemLogEntrySchema.safeParse(raw);
        return entry.success ? [entry.data] : [];
      }),
    };
  }

  /**
   * The environment's active alarms by severity (issue 27). `notFound` from an upstream without
   * the alarms extension: the console then shows none.
   */
  async alarmCounts(environmentId: number, token: string): Promise<PollAnswer<AlarmCounts>> {
    const answer = await this.get('alarms', apiPaths.alarms.counts(environmentId), token);
    if (answer.kind !== 'ok') return answer;
    const body = API.alarms.counts.answer.safeParse(answer.value);
    return body.success ? { kind: 'ok', value: body.data.alarm_counts } : this.misfit('alarms');
  }

  /**
   * The environment's alarms changed after `after` (issue 27), or, without it, the revision to
   * start from. `notFound` from an upstream without the alarms extension.
   */
  async alarmChanges(
    environmentId: number,
    token: string,
    after: number | undefined,
  ): Promise<PollAnswer<AlarmChangesResponse>> {
    const query = after === undefined ? '' : `?after=${after}`;
    const answer = await this.get('alarms', `${apiPaths.alarms.changes(environmentId)}${query}`, token);
    if (answer.kind !== 'ok') return answer;
    const body = API.alarms.changes.answer.safeParse(answer.value);
    return body.success ? { kind: 'ok', value: body.data } : this.misfit('alarms');
  }

  /**
   * Whether this token may see this environment's devices, or its logs and alarms: the cheapest
   * call of that capability (devices_state with no device ids; the newest system log entry), which the
   * upstream scopes to the caller's own environment and those below it.
   */
  async mayViewEnvironment(
    environmentId: number,
    token: string,
    capability: PollCapability = 'devices.view',
  ): Promise<PollAnswer<true>> {
    const answer = await this.get('access', environmentAccessProbe(capability, environmentId), token);
    return answer.kind === 'ok' ? { kind: 'ok', value: true } : answer;
  }

  private misfit(source: Source): PollAnswer<never> {
    this.options.metrics.upstreamFailures.inc({ source, reason: 'status' });
    this.options.status.recordFailure();
    return { kind: 'failed', detail: `the ${source} answer does not fit its schema` };
  }

  /** One GET with the subscriber's token (upstreamGet), its answer sorted into a PollAnswer. */
  private async get(
    source: Source,
    path: string,
    token: string,
    timeoutMs = this.options.timeoutMs,
  ): Promise<PollAnswer<unknown>> {
    const { metrics, status } = this.options;
    const answer = await upstreamGet(`${this.target.apiBaseUrl}${path}`, {
      metrics,
      status,
      source,
      headers: { authorization: `Bearer ${token}`, [BACKGROUND_HEADER]: '1' },
      timeoutMs,
      timed: true,
    });
    if (!answer.ok) {
      const { detail, status: answered } = answer;
      return answered === undefined ? { kind: 'failed', detail } : { kind: 'failed', detail, status: answered };
    }
    // Any other answer shows the upstream is there.
    status.recordSuccess();
    if (answer.status === 401 || answer.status === 403) return { kind: 'denied', status: answer.status };
    if (answer.status === 404) return { kind: 'notFound' };
    if (answer.status !== 200) {
      metrics.upstreamFailures.inc({ source, reason: 'status' });
      return { kind: 'failed', detail: `the upstream answered ${answer.status}`, status: answer.status };
    }
    return answer.body === undefined ? this.misfit(source) : { kind: 'ok', value: answer.body };
  }
}
