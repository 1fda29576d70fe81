import {
  linkCountsByKind,
  diffDeviceLiveState,
  type DeviceLivePatch,
  type DeviceLiveState,
  type DeviceStatusEntry,
  type EnvironmentWatchCapability,
} from '@halo/shared';
import type { GatewayMetrics } from '../metrics.js';
import { yieldToEventLoop, type DevicesUpstream, type LiveSystemLogEntry } from './devicesUpstream.js';
import { log } from '../log.js';
import { PollLoop } from './pollLoop.js';

/** Where a poller sends what it found; the poller waits for each call before going on. */
export interface PollerSink {
  /** The whole state, starting a new epoch: the first answer, or continuity lost. */
  reset(devices: DeviceLiveState[]): Promise<void>;
  /** What changed since the previous call, within the epoch. */
  change(change: PolledChange): Promise<void>;
  logs(entries: LiveSystemLogEntry[]): Promise<void>;
}

/** One poll's changes of an environment's devices. */
export interface PolledChange {
  /** Patches of the devices whose live state differs (whole states for new ones): the wire form. */
  readonly patches: readonly DeviceLivePatch[];
  /** The same devices' whole new states, in the same order. */
  readonly states: readonly DeviceLiveState[];
  readonly removed: readonly number[];
  /** When the oldest upstream change behind them happened (epoch ms), when the upstream told it. */
  readonly changedAt?: number;
}

export type PollCapability = EnvironmentWatchCapability;

/** Whose credentials the poller uses: a subscriber's token (see README, "Polling credentials"). */
export interface TokenSource {
  /** A token of a subscriber allowed `capability` here, or null when there is none. */
  current(capability: PollCapability): string | null;
  /** The upstream refused this token: pick another. */
  reject(token: string, capability: PollCapability): void;
}

export interface EnvironmentPollerOptions {
  readonly environmentId: number;
  readonly upstream: DevicesUpstream;
  readonly tokens: TokenSource;
  readonly sink: PollerSink;
  readonly metrics: GatewayMetrics;
  readonly pollMs: number;
  readonly fullPollEvery: number;
  readonly backoffMaxMs: number;
  /** Called once when no usable token was found for this long (another gateway may have one). */
  readonly onStarved?: () => void;
  readonly starvedAfterMs?: number;
}

/** Entries asked per system_logs call, and calls per cycle at most while catching up. */
const LOG_PAGE_SIZE = 500;
const LOG_PAGES_PER_CYCLE = 5;
/** After a 404 (the upstream has no system logs), ask again this much later. */
const LOGS_ABSENT_RETRY_MS = 60_000;
/** Full polls come at least this many times their own duration apart (5 % of the time at most). */
const FULL_POLL_SPACING = 20;
/** Devices compared with what is known between two turns given to the rest of the event loop. */
const COMPARE_YIELD_EVERY = 2000;

type CycleResult = 'ok' | 'failed' | 'idle' | 'retry';

/** Folds what the live view needs of device_status into the live state: links per kind, GNSS lock. */
export function foldDeviceStatus(device: DeviceLiveState, status: DeviceStatusEntry | undefined): DeviceLiveState {
  if (!status) return device;
  const folded: DeviceLiveState = { ...device };
  if (status.halo_data_links_info) folded.links = linkCountsByKind(status.halo_data_links_info);
  const gnssLock = status.halo_system_report?.gnss_lock;
  if (typeof gnssLock === 'boolean') folded.gnss_lock = gnssLock;
  return folded;
}

/** Fields device_status supplies; carried over when a devices_state entry lacks them. */
function carryStatus(device: DeviceLiveState, previous: DeviceLiveState | undefined): DeviceLiveState {
  if (!previous || (device.links !== undefined && device.gnss_lock !== undefined)) return device;
  const carried = { ...device };
  if (carried.links === undefined && previous.links !== undefined) carried.links = previous.links;
  if (carried.gnss_lock === undefined && previous.gnss_lock !== undefined) carried.gnss_lock = previous.gnss_lock;
  return carried;
}

/**
 * Polls one environment: devices_state incrementally every interval with a full re-poll every
 * `fullPollEvery` polls that finds drift (changes and removals the incremental answers
 * missed), device_status for the devices that changed, and, on a timer of its own, new system
 * log entries. Keeps the environment's state in memory and hands the differences to its sink.
 * Each device cycle starts an interval after the previous one started (a slow cycle does not
 * push the next back); upstream faults back off exponentially up to a ceiling, and the first
 * good answer returns to the normal pace.
 */
export class EnvironmentPoller {
  private devices = new Map<number, DeviceLiveState>();
  private cursor: number | null = null;
  /** No state handed to the sink yet, or the sink lost some: the next cycle starts an epoch. */
  private needsReset = true;
  private pollsSinceFull = 0;
  private failures = 0;
  private lastLogId: number | null = null;
  private logsAbsentUntil = 0;
  /** How long the last full poll took. */
  private lastFullMs = 0;
  private stopped = false;
  /**
   * The device cycle and the log poll, each on its own timer: a device poll never waits behind
   * a slow system_logs answer (a log query over millions of lines, an alarm storm), and an
   * alarm's log entry never waits behind a full device list (bench:live, bench:alarms).
   */
  private readonly deviceLoop: PollLoop<CycleResult>;
  private readonly logLoop: PollLoop<void>;
  private idleSince: number | null = null;
  private starvedReported = false;

  constructor(private readonly options: EnvironmentPollerOptions) {
    this.deviceLoop = new PollLoop(
      () =>
        this.cycle().catch((error: unknown) => {
          log.error({ err: error, environmentId: this.environmentId }, 'poller failed');
          return 'failed' as const;
        }),
      (result, tookMs) => this.delayAfter(result, tookMs),
    );
    this.logLoop = new PollLoop(
      () =>
        this.pollLogs().catch((error: unknown) =>
          log.error({ err: error, environmentId: this.environmentId }, 'log poll failed'),
        ),
      (_result, tookMs) => options.pollMs - tookMs,
    );
  }

  get environmentId(): number {
    return this.options.environmentId;
  }

  /** Consecutive failed cycles. */
  get consecutiveFailures(): number {
    return this.failures;
  }

  start(): void {
    this.deviceLoop.start();
    this.logLoop.start();
  }

  /** Stops polling; a cycle under way finishes without handing anything to the sink. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.deviceLoop.stop(), this.logLoop.stop()]);
  }

  /** Runs one device cycle now and, when it went well, one log poll (tests; the timers run them apart). */
  async pollOnce(): Promise<CycleResult> {
    const result = await this.cycle();
    if (result === 'ok') await this.pollLogs();
    return result;
  }

  private noteIdle(): void {
    const { onStarved, starvedAfterMs } = this.options;
    const now = Date.now();
    this.idleSince ??= now;
    if (onStarved && starvedAfterMs !== undefined && !this.starvedReported && now - this.idleSince >= starvedAfterMs) {
      this.starvedReported = true;
      onStarved();
    }
  }

  /** From the start of the cycle that ended: the interval minus what it took, or the back-off after a fault. */
  private delayAfter(result: CycleResult, tookMs: number): number {
    const { pollMs, backoffMaxMs } = this.options;
    if (result === 'retry') return 0;
    if (result !== 'failed') return pollMs - tookMs;
    return Math.min(pollMs * 2 ** this.failures, backoffMaxMs);
  }

  private async cycle(): Promise<CycleResult> {
    const { tokens, metrics } = this.options;
    const token = tokens.current('devices.view');
    if (token === null) {
      this.noteIdle();
      return 'idle';
    }
    this.idleSince = null;
    const starting = this.needsReset || this.cursor === null;
    // At least fullPollEvery polls apart, and far enough apart that full lists (seconds each
    // for 100,000 devices, on the upstream too) take a small share of the time.
    const fullEvery = Math.max(
      this.options.fullPollEvery,
      Math.ceil((this.lastFullMs * FULL_POLL_SPACING) / this.options.pollMs),
    );
    const full = starting || this.pollsSinceFull + 1 >= fullEvery;
    const started = performance.now();
    let result: CycleResult;
    if (starting) {
      result = await this.pollDevices(token, true);
    } else if (full) {
      // The incremental answer first, so the full list shows only what it missed: drift.
      result = await this.pollDevices(token, false);
      if (result === 'ok') result = await this.pollDevices(token, true);
    } else {
      result = await this.pollDevices(token, false);
    }
    const took = performance.now() - started;
    metrics.pollDuration.observe(took / 1000, { kind: full ? 'full' : 'incremental' });
    if (full && result === 'ok') this.lastFullMs = took;
    if (result === 'ok') {
      this.failures = 0;
      metrics.polls.inc({ result: 'ok' });
    } else if (result === 'failed') {
      this.failures += 1;
      metrics.polls.inc({ result: 'failed' });
    }
    return result;
  }

  private async pollDevices(token: string, full: boolean): Promise<CycleResult> {
    const { upstream, environmentId, tokens } = this.options;
    const answer = await upstream.devicesState(environmentId, token, full ? null : this.cursor);
    if (answer.kind === 'denied' || answer.kind === 'notFound') {
      tokens.reject(token, 'devices.view');
      return 'retry';
    }
    if (answer.kind === 'failed') return 'failed';
    const { devices, removed, cursor, incremental, changedAt } = answer.value;
    // As the upstream told them, before anything is carried over from what was known.
    const withoutLinks = new Set(devices.filter((device) => device.links === undefined).map((device) => device.id));

    if (this.needsReset || (cursor !== null && this.cursor !== null && cursor < this.cursor)) {
      // First state, or the upstream's revisions went backwards (another store): a new epoch.
      const folded = await this.withStatus(token, devices, withoutLinks);
      if (folded === null) return 'failed';
      if (this.stopped) return 'ok';
      this.devices = new Map(folded.map((device) => [device.id, device]));
      this.cursor = cursor;
      this.pollsSinceFull = 0;
      try {
        await this.options.sink.reset([...this.devices.values()]);
        this.needsReset = false;
      } catch (error) {
        log.error({ err: error, environmentId }, 'publishing a snapshot failed');
        return 'failed';
      }
      return 'ok';
    }

    let candidates: DeviceLiveState[];
    let gone: number[];
    if (incremental) {
      // Every entry changed by the upstream's word: its status may have changed too.
      candidates = devices.map((device) => carryStatus(device, this.devices.get(device.id)));
      gone = removed.filter((id) => this.devices.has(id));
    } else {
      const present = new Set(devices.map((device) => device.id));
      gone = [...this.devices.keys()].filter((id) => !present.has(id));
      candidates = [];
      for (const [index, listed] of devices.entries()) {
        if (index % COMPARE_YIELD_EVERY === COMPARE_YIELD_EVERY - 1) await yieldToEventLoop();
        const device = carryStatus(listed, this.devices.get(listed.id));
        if (diffDeviceLiveState(this.devices.get(device.id), device) !== null) candidates.push(device);
      }
    }
    const folded = await this.withStatus(token, candidates, withoutLinks);
    if (folded === null) return 'failed';
    if (this.stopped) return 'ok';
    const changed: DeviceLiveState[] = [];
    const patches: DeviceLivePatch[] = [];
    for (const device of folded) {
      const patch = diffDeviceLiveState(this.devices.get(device.id), device);
      if (patch === null) continue;
      changed.push(device);
      patches.push(patch);
    }
    if (!incremental && (changed.length > 0 || gone.length > 0)) {
      this.options.metrics.driftCorrections.inc({}, changed.length + gone.length);
    }
    for (const device of changed) this.devices.set(device.id, device);
    for (const id of gone) this.devices.delete(id);
    if (changed.length > 0 || gone.length > 0) {
      try {
        await this.options.sink.change({
          patches,
          states: changed,
          removed: gone,
          // Only an incremental answer's oldest change is these devices' own: a full list's is the
          // oldest of the whole fleet (hours back), and a drift's changes have no known time.
          ...(changedAt === null || !incremental ? {} : { changedAt }),
        });
      } catch (error) {
        // What subscribers hold is unknown now: start a new epoch from the full list.
        log.error({ err: error, environmentId }, 'publishing a delta failed');
        this.needsReset = true;
        return 'failed';
      }
    }
    if (cursor !== null) this.cursor = cursor;
    this.pollsSinceFull = incremental ? this.pollsSinceFull + 1 : 0;
    return 'ok';
  }

  /**
   * The devices with device_status folded in; null when the upstream failed. Only devices whose
   * devices_state entry does not carry its links are asked about: this product's provider sends
   * them (and the GNSS lock) with the state, and asking 100,000 devices' status 500 at a time
   * took a fleet's first poll 12 s; an upstream that answers devices_state as the spec has it
   * is asked as before.
   */
  private async withStatus(
    token: string,
    devices: DeviceLiveState[],
    withoutLinks: ReadonlySet<number>,
  ): Promise<DeviceLiveState[] | null> {
    const asked = devices.filter((device) => withoutLinks.has(device.id));
    if (asked.length === 0) return devices;
    const answer = await this.options.upstream.deviceStatus(
      this.options.environmentId,
      token,
      asked.map((device) => device.id),
    );
    if (answer.kind === 'failed') return null;
    // A refusal of details (or none to give) keeps the state as devices_state told it.
    if (answer.kind !== 'ok') return devices;
    const byId = new Map(answer.value.map((entry) => [entry.device_id, entry]));
    return devices.map((device) => foldDeviceStatus(device, byId.get(device.id)));
  }

  /**
   * New system log entries. The first cycle only learns where the log ends (its newest
   * entry; nothing old is sent); later cycles ask for what is newer, oldest first, a few
   * pages at most. A 404 means the upstream has no system logs, asked again a minute later.
   */
  private async pollLogs(): Promise<void> {
    const { upstream, environmentId, tokens, sink } = this.options;
    if (Date.now() < this.logsAbsentUntil) return;
    const token = tokens.current('logs.view');
    if (token === null) return;
    for (let page = 0; page < LOG_PAGES_PER_CYCLE; page += 1) {
      const learning = this.lastLogId === null;
      const answer = await upstream.systemLogs(environmentId, token, this.lastLogId, LOG_PAGE_SIZE);
      if (answer.kind === 'notFound') {
        this.logsAbsentUntil = Date.now() + LOGS_ABSENT_RETRY_MS;
        return;
      }
      if (answer.kind === 'denied') {
        tokens.reject(token, 'logs.view');
        return;
      }
      if (answer.kind === 'failed') return;
      const after = this.lastLogId ?? 0;
      const entries = answer.value.entries.filter((entry) => entry.id > after).sort((a, b) => a.id - b.id);
      this.lastLogId = entries.at(-1)?.id ?? after;
      if (this.stopped || learning) return;
      if (entries.length > 0) {
        try {
          await sink.logs(entries);
        } catch (error) {
          log.error({ err: error, environmentId }, 'publishing system logs failed');
        }
      }
      if (answer.value.received < LOG_PAGE_SIZE) return;
    }
  }
}
