import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { addFakeAlarmRoutes, createFakeAlarms, isAlarmsPath, type FakeAlarms } from './fakeAlarms.js';
import {
  API,
  API_BASE,
  CONFIG_PREFIX,
  expressPathOf,
  type EndpointSpec,
  apiErrorBody,
  can,
  DEVICES_STATE_COLUMNS,
  devicesStateColumns,
  ErrorCode,
  HttpErrorKind,
  LogPagingQuerySchema,
  logPageWindow,
  type DataLinksInfo,
  type DeviceLiveState,
  type LoginResponse,
  type SessionEndReason,
} from '@halo/shared';
import type { LiveSystemLogEntry } from '../pollers/devicesUpstream.js';

/** An environment's call relative to where its calls are mounted: `/devices/devices_state`. */
const underConfig = (endpoint: EndpointSpec) => endpoint.path.slice(CONFIG_PREFIX.length);

export interface FakeSession {
  userId: number;
  environmentId: number;
  verified: boolean;
  /** Set to end the session: /auth/session then answers 401 with this reason. */
  endedReason?: SessionEndReason;
  /** Not the environment manager: only these permissions (numbers of spec section 6). */
  permissions?: number[];
  /** A wall display's session rather than a person's. */
  display?: boolean;
}

/** A device of the fake fleet: its devices_state fields, its links and its GNSS lock. */
export interface FakeDevice {
  environmentId: number;
  state: DeviceLiveState;
  links: DataLinksInfo | null;
  gnssLock: boolean | null;
  revision: number;
}

/** Devices, environments and system logs behind config/{env}/devices/* and system_logs. */
export interface FakeFleet {
  /** Environment id to its parent (null at the top). */
  readonly environments: Map<number, number | null>;
  readonly devices: Map<number, FakeDevice>;
  readonly removals: { id: number; environmentId: number; revision: number }[];
  readonly logs: (LiveSystemLogEntry & { environmentId: number })[];
  revision: number;
  /** When false, system_logs answers 404 (an upstream without them). */
  logsAvailable: boolean;
  /** Faults of the device endpoints: drop the connection, answer 500, or never answer. */
  fault: 'none' | 'drop' | 'status500' | 'hang';
  /**
   * devices_state's format=columns (the product's extension): answered as columns, ignored (a
   * provider without the extension; the default), or refused with a 400 (a strict one).
   */
  columns: 'offered' | 'ignored' | 'refused';
  /** The query of every devices_state call, as received. */
  readonly stateQueries: string[];
  /** Tokens the device endpoints refuse with 403. */
  readonly refusedTokens: Set<string>;
  /** Adds or changes a device (a new revision); returns it. */
  put(environmentId: number, id: number, changes?: Partial<DeviceLiveState>): FakeDevice;
  /** Removes a device; `silently` leaves no removal record, so only a full re-poll notices. */
  remove(id: number, options?: { silently?: boolean }): void;
  setLinks(id: number, links: DataLinksInfo | null, gnssLock?: boolean | null): void;
  addLog(environmentId: number, entry: Partial<LiveSystemLogEntry>): void;
}

export function fakeDeviceState(id: number, changes: Partial<DeviceLiveState> = {}): DeviceLiveState {
  return {
    id,
    name: `device-${id}`,
    pairing_id: `SN-${String(id).padStart(6, '0')}`,
    type: 1,
    is_server: false,
    is_enabled: true,
    is_activated: true,
    availability: 1,
    main_app_status: 1,
    device_state: 1,
    ...changes,
  };
}

function createFleet(): FakeFleet {
  const fleet: FakeFleet = {
    environments: new Map(),
    devices: new Map(),
    removals: [],
    logs: [],
    revision: 0,
    logsAvailable: true,
    fault: 'none',
    columns: 'ignored',
    stateQueries: [],
    refusedTokens: new Set(),
    put(environmentId, id, changes = {}) {
      fleet.revision += 1;
      const existing = fleet.devices.get(id);
      const device: FakeDevice = existing
        ? { ...existing, state: { ...existing.state, ...changes }, revision: fleet.revision }
        : { environmentId, state: fakeDeviceState(id, changes), links: null, gnssLock: null, revision: fleet.revision };
      fleet.devices.set(id, device);
      return device;
    },
    remove(id, { silently = false } = {}) {
      const device = fleet.devices.get(id);
      if (!device) return;
      fleet.devices.delete(id);
      fleet.revision += 1;
      if (!silently) fleet.removals.push({ id, environmentId: device.environmentId, revision: fleet.revision });
    },
    setLinks(id, links, gnssLock = null) {
      const device = fleet.devices.get(id);
      if (!device) return;
      fleet.revision += 1;
      fleet.devices.set(id, { ...device, links, gnssLock, revision: fleet.revision });
    },
    addLog(environmentId, entry) {
      const id = (fleet.logs.at(-1)?.id ?? 0) + 1;
      fleet.logs.push({
        environmentId,
        id,
        device_id: null,
        device_name: null,
        device_attribute_type: null,
        event_type: 'test',
        is_alert: false,
        value: null,
        severity: 1,
        description: `entry ${id}`,
        log_time: new Date().toISOString(),
        ...entry,
      });
    },
  };
  return fleet;
}

export interface FakeUpstream {
  readonly origin: string;
  readonly apiBaseUrl: string;
  readonly healthUrl: string;
  readonly sessions: Map<string, FakeSession>;
  /** /auth/session calls per token. */
  readonly sessionCalls: Map<string, number>;
  /** Every request seen, as `METHOD path`. */
  readonly requests: string[];
  /** What the server clock answers. */
  serverClock: string;
  /** When true, /auth/session and /server_clock drop the connection without answering. */
  dropConnections: boolean;
  readonly fleet: FakeFleet;
  readonly alarms: FakeAlarms;
  /** Requests seen whose path contains `part`. */
  count(part: string): number;
  close(): Promise<void>;
}

export function loginResponseFor(token: string, session: FakeSession): LoginResponse {
  return {
    token: { access_token: token, token_type: 'Bearer' },
    name: `user ${session.userId}`,
    user_id: session.userId,
    environment_id: session.environmentId,
    environment_name: 'root',
    parent_environment_id: null,
    environment_manager: session.permissions === undefined,
    permissions: session.permissions ?? [],
    enabled_feature_ids: [],
    entities: { devices: [] },
    two_factor_auth: { setup_status: 1 },
    verified: session.verified,
    realm_type: 1,
    ...(session.display ? { session_kind: 'display' as const } : {}),
  };
}

/** A provider stand-in on a random loopback port, for the gateway's unit tests. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const app = express();
  const state = {
    sessions: new Map<string, FakeSession>(),
    sessionCalls: new Map<string, number>(),
    requests: [] as string[],
    serverClock: '2030-01-02T03:04:05.000Z',
    dropConnections: false,
    fleet: createFleet(),
    alarms: createFakeAlarms(),
  };
  const { fleet } = state;
  app.use((request, _response, next) => {
    state.requests.push(`${request.method} ${request.path}`);
    next();
  });
  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  const api = express.Router();
  api.get(expressPathOf(API.auth.session), (request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    state.sessionCalls.set(token, (state.sessionCalls.get(token) ?? 0) + 1);
    if (state.dropConnections) {
      request.socket.destroy();
      return;
    }
    const session = state.sessions.get(token);
    if (!session || session.endedReason) {
      const reason = session?.endedReason;
      response
        .status(401)
        .json(apiErrorBody(HttpErrorKind.UNAUTHORIZED, 'Authentication required', reason ? { reason } : undefined));
      return;
    }
    response.json(loginResponseFor(token, session));
  });
  api.get(expressPathOf(API.system.serverClock), (request, response) => {
    if (state.dropConnections) {
      request.socket.destroy();
      return;
    }
    response.json({ server_clock: state.serverClock });
  });
  // Answers with the status asked for and tells what arrived: method, path, query, headers, body.
  api.all('/echo{/*rest}', async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    response.status(Number(request.query.status ?? 200)).json({
      method: request.method,
      url: request.originalUrl,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
  });
  api.get('/silent', () => {
    // Never answers: the gateway's time-out has to.
  });
  app.use(API_BASE, api);

  const isWithin = (environmentId: number, ancestor: number) => {
    for (
      let current: number | null | undefined = environmentId;
      current != null;
      current = fleet.environments.get(current)
    ) {
      if (current === ancestor) return true;
    }
    return false;
  };
  // config/{env}/...: a valid session, its own environment or one below, then the permission.
  const config = express.Router({ mergeParams: true });
  config.use((request, response, next) => {
    if (fleet.fault === 'drop') {
      request.socket.destroy();
      return;
    }
    if (fleet.fault === 'hang') return;
    if (fleet.fault === 'status500') {
      response.status(500).json(apiErrorBody(HttpErrorKind.INTERNAL, 'Internal error'));
      return;
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const session = state.sessions.get(token);
    if (!session || session.endedReason || !session.verified) {
      response.status(401).json(apiErrorBody(HttpErrorKind.UNAUTHORIZED, 'Authentication required'));
      return;
    }
    const environmentId = Number((request.params as { environmentId?: string }).environmentId);
    if (!fleet.environments.has(environmentId) || !isWithin(environmentId, session.environmentId)) {
      response.status(404).json(apiErrorBody(HttpErrorKind.NOT_FOUND, 'Environment not found'));
      return;
    }
    const needed =
      request.path.startsWith(underConfig(API.logs.systemLogs)) || isAlarmsPath(request.path)
        ? 'logs.view'
        : 'devices.view';
    // A wall display's calls are the provider's allow-list (displayAccess.ts): of the alarms, the counts only.
    const displayRefused =
      session.display === true &&
      isAlarmsPath(request.path) &&
      !request.path.startsWith(underConfig(API.alarms.counts));
    if (fleet.refusedTokens.has(token) || displayRefused || !can(loginResponseFor(token, session), needed)) {
      response.status(403).json(apiErrorBody(HttpErrorKind.FORBIDDEN, 'Forbidden'));
      return;
    }
    (request as unknown as { environmentId: number }).environmentId = environmentId;
    next();
  });
  const environmentOf = (request: express.Request) => (request as unknown as { environmentId: number }).environmentId;
  const ids = (raw: unknown) => (typeof raw === 'string' ? raw.split(',').filter(Boolean).map(Number) : undefined);
  config.get(underConfig(API.devices.devicesState), (request, response) => {
    const environmentId = environmentOf(request);
    fleet.stateQueries.push(new URLSearchParams(request.query as Record<string, string>).toString());
    const asColumns = request.query.format === DEVICES_STATE_COLUMNS;
    if (asColumns && fleet.columns === 'refused') {
      response.status(400).json(apiErrorBody(HttpErrorKind.GENERAL, 'Unknown parameter format'));
      return;
    }
    const cursor = request.query.cursor === undefined ? null : Number(request.query.cursor);
    const only = ids(request.query.devices);
    const incremental = request.query.state === '1' && cursor !== null && cursor <= fleet.revision;
    const devices = [...fleet.devices.values()].filter(
      (device) =>
        device.environmentId === environmentId &&
        (!incremental || device.revision > (cursor ?? 0)) &&
        (!only || only.includes(device.state.id)),
    );
    const changedAt = Math.min(
      ...devices.map((device) => Date.parse(device.state.updated_at ?? '')).filter((time) => !Number.isNaN(time)),
    );
    response.json({
      ...(asColumns && fleet.columns === 'offered'
        ? {
            devices_state: [],
            columns: devicesStateColumns(devices.map((device) => device.state)),
            changed_at: Number.isFinite(changedAt) ? changedAt : null,
          }
        : { devices_state: devices.map((device) => ({ device_id: device.state.id, ...device.state })) }),
      removed: incremental
        ? fleet.removals
            .filter((removal) => removal.environmentId === environmentId && removal.revision > (cursor ?? 0))
            .map((removal) => removal.id)
        : [],
      cursor: fleet.revision,
      incremental,
    });
  });
  config.get(underConfig(API.devices.deviceStatus), (request, response) => {
    const wanted = ids(request.query.devices) ?? [];
    if (wanted.length > 500) {
      response.status(400).json(apiErrorBody(HttpErrorKind.GENERAL, 'Too many devices'));
      return;
    }
    const entries = wanted.flatMap((id) => {
      const device = fleet.devices.get(id);
      if (!device || device.environmentId !== environmentOf(request)) return [];
      return [
        {
          device_id: id,
          halo_data_links_info: device.links,
          halo_system_report: device.gnssLock === null ? null : { gnss_lock: device.gnssLock },
        },
      ];
    });
    response.json({ device_status: entries });
  });
  config.get(underConfig(API.logs.systemLogs), (request, response) => {
    if (!fleet.logsAvailable) {
      response.status(404).json(apiErrorBody(HttpErrorKind.NOT_FOUND, 'Not found'));
      return;
    }
    // The real provider's paging rule (shared logPaging), not one of this fake's own.
    const query = LogPagingQuerySchema.safeParse(request.query);
    if (!query.success) {
      response.status(400).json(apiErrorBody(ErrorCode.BAD_QUERY_PARAMETER, 'Bad query parameter'));
      return;
    }
    const window = logPageWindow(query.data);
    const alertsOnly = request.query.alerts_only === 'true';
    const entries = fleet.logs
      .filter(
        (entry) =>
          entry.environmentId === environmentOf(request) &&
          (!alertsOnly || entry.is_alert) &&
          (window.afterId === undefined || entry.id > window.afterId) &&
          (window.beforeId === undefined || entry.id < window.beforeId),
      )
      .sort((a, b) => (window.order === 'asc' ? a.id - b.id : b.id - a.id))
      .slice(0, window.limit)
      .map(({ environmentId: _environmentId, ...entry }) => entry);
    response.json({ system_logs: entries });
  });
  addFakeAlarmRoutes(config, state.alarms, environmentOf);
  app.use(`${API_BASE}${expressPathOf({ path: CONFIG_PREFIX })}`, config);

  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    count: (part: string) => state.requests.filter((line) => line.includes(part)).length,
    origin,
    apiBaseUrl: `${origin}${API_BASE}`,
    healthUrl: `${origin}/healthz`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
