import {
  DEFAULT_TABLE_QUERY,
  DEVICE_ENABLED_FILTERS,
  DEVICE_ROLE_FILTERS,
  DEVICE_SORT_COLUMNS,
  DEVICE_TYPE_FILTERS,
  isDeviceStatusFilter,
  type DeviceSort,
  type FleetTableQuery,
} from '../../lib/fleet';

/** The query parameter Home's counts link with: /config/devices?status=notConnected. */
export const DEVICE_STATUS_PARAM = 'status';

/**
 * The Devices table's view in its address: `q` (the search), `status`, `type`, `role`,
 * `enabled` and `sort` (`name.asc`). What is left at its default is left out, so the plain
 * /config/devices is every device in the fleet's order, and a saved view's query is short.
 */
export const DEVICES_VIEW_PARAMS = {
  search: 'q',
  status: DEVICE_STATUS_PARAM,
  type: 'type',
  role: 'role',
  enabled: 'enabled',
  sort: 'sort',
} as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

function sortOf(value: string | null): DeviceSort | null {
  const [column, direction, ...rest] = (value ?? '').split('.');
  const known = oneOf(DEVICE_SORT_COLUMNS, column ?? null);
  if (!known || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) return null;
  return { column: known, direction };
}

/** The view an address asks for; what it does not say, or says wrongly, is the default. */
export function devicesViewOf(params: URLSearchParams): FleetTableQuery {
  const status = params.get(DEVICES_VIEW_PARAMS.status);
  const type = oneOf(DEVICE_TYPE_FILTERS, params.get(DEVICES_VIEW_PARAMS.type));
  const role = oneOf(DEVICE_ROLE_FILTERS, params.get(DEVICES_VIEW_PARAMS.role));
  const enabled = oneOf(DEVICE_ENABLED_FILTERS, params.get(DEVICES_VIEW_PARAMS.enabled));
  return {
    status: isDeviceStatusFilter(status) ? status : DEFAULT_TABLE_QUERY.status,
    sort: sortOf(params.get(DEVICES_VIEW_PARAMS.sort)),
    search: params.get(DEVICES_VIEW_PARAMS.search) ?? '',
    ...(type && type !== 'all' ? { type } : {}),
    ...(role && role !== 'all' ? { role } : {}),
    ...(enabled && enabled !== 'all' ? { enabled } : {}),
  };
}

/**
 * The address's query with the view written in: the view's parameters in a fixed order (its
 * defaults left out), any other parameter kept after them.
 */
export function withDevicesView(current: URLSearchParams, view: FleetTableQuery): URLSearchParams {
  const next = new URLSearchParams();
  const put = (name: string, value: string | undefined, fallback: string) => {
    if (value !== undefined && value !== fallback) next.set(name, value);
  };
  put(DEVICES_VIEW_PARAMS.search, view.search, '');
  put(DEVICES_VIEW_PARAMS.status, view.status, 'all');
  put(DEVICES_VIEW_PARAMS.type, view.type, 'all');
  put(DEVICES_VIEW_PARAMS.role, view.role, 'all');
  put(DEVICES_VIEW_PARAMS.enabled, view.enabled, 'all');
  put(DEVICES_VIEW_PARAMS.sort, view.sort ? `${view.sort.column}.${view.sort.direction}` : undefined, '');
  const own = new Set<string>(Object.values(DEVICES_VIEW_PARAMS));
  for (const [name, value] of current) if (!own.has(name)) next.append(name, value);
  return next;
}

/** A view's query as a saved view keeps it and its link carries it (no leading `?`). */
export const devicesViewQuery = (view: FleetTableQuery): string =>
  withDevicesView(new URLSearchParams(), view).toString();
