import { API } from '../api/contract.js';
import { isEnvironmentScoped, routeKeyOf, type EndpointSpec } from '../api/endpoint.js';
import { SessionKind } from '../auth/auth.js';
import { LiveEvent } from '../live/events.js';
import { Permission } from '../permissions/permissions.js';

/**
 * What a wall display's session may read, the one rule the provider and the gateway both ask.
 * A display is an unattended screen: it gets what /wall uses and nothing else, by allow-list,
 * so an endpoint or a subscription added later is refused to it until it is added here.
 *
 * - Permissions: devices view (50) for the fleet and logs view (70) for the system log's
 *   alerts, never more than its issuing manager holds. Permissions open capabilities; the
 *   lists below narrow them to calls (logs view alone would open the audit log and exports).
 * - Calls: its session check, leaving, and what the gateway's pollers read with its token to
 *   keep the wall's summary live when it is the environment's only watcher. Nothing else:
 *   not the device list, the audit log or any export.
 * - Live: the fleet summary (counts, problems, alerts); not the device stream or the log tail.
 * - Environment: the one it was issued in, not those below it.
 */
export const DISPLAY_PERMISSIONS: readonly Permission[] = Object.freeze([
  Permission.DEVICES_VIEW,
  Permission.LOGS_VIEW,
]);

export const DISPLAY_ENDPOINTS: readonly EndpointSpec[] = Object.freeze([
  // The wall's and the gateway's session check.
  API.auth.session,
  // Ending its own session changes nothing else.
  API.auth.logout,
  // The gateway's pollers: the fleet's state, links of devices whose state lacks them, the
  // system log's tail and its latest alerts.
  API.devices.devicesState,
  API.devices.deviceStatus,
  API.logs.systemLogs,
  // The alarm counts the wall's summary carries (issue 27): counts only, not the alarms.
  API.alarms.counts,
]);

export const DISPLAY_LIVE_SUBSCRIPTIONS: readonly string[] = Object.freeze([LiveEvent.SUMMARY_SUBSCRIBE]);

const DISPLAY_ROUTE_KEYS: ReadonlySet<string> = new Set(DISPLAY_ENDPOINTS.map(routeKeyOf));
const DISPLAY_SUBSCRIPTIONS: ReadonlySet<string> = new Set(DISPLAY_LIVE_SUBSCRIPTIONS);

export const isDisplaySession = (kind: unknown): boolean => kind === SessionKind.DISPLAY;

/**
 * Whether a display issued in `ownEnvironmentId` may make this call (on `environmentId`, for
 * a call under config/{environment_id}). Persons are not asked: their permissions decide.
 */
export function displayMayCall(
  endpoint: Pick<EndpointSpec, 'method' | 'path'>,
  environmentId: number | undefined,
  ownEnvironmentId: number,
): boolean {
  if (!DISPLAY_ROUTE_KEYS.has(routeKeyOf(endpoint))) return false;
  return !isEnvironmentScoped(endpoint) || environmentId === ownEnvironmentId;
}

/** Whether a display issued in `ownEnvironmentId` may make this live subscription on `environmentId`. */
export function displayMaySubscribe(event: string, environmentId: number, ownEnvironmentId: number): boolean {
  return DISPLAY_SUBSCRIPTIONS.has(event) && environmentId === ownEnvironmentId;
}
