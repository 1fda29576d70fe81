import {
  commonHubPorts,
  ERROR_CATALOGUE,
  ErrorCode,
  hubPortOf,
  hubPortProblems,
  type ApplicationRule,
  type ApplicationRuleInput,
  type HostEndpointInfo,
  type HubEndpointInfo,
  type HubPortProblem,
  type RedundancySettings,
  type RuleHub,
  ValidationKey,
} from '@halo/shared';
import type { Kysely } from 'kysely';
import { refuse } from '../../errors/httpError.js';
import type { ApplicationRuleRow, ApplicationRulesTable } from '../../store/dataPathTables.js';
import type { Database } from '../../store/schema.js';

interface DeviceSummary {
  readonly id: number;
  readonly name: string;
  readonly pairing_id: string;
  readonly is_server: number;
  readonly port_from: number | null;
  readonly port_to: number | null;
}

export async function devicesOf(
  db: Kysely<Database>,
  environmentId: number,
  ids: readonly number[],
): Promise<Map<number, DeviceSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'name', 'pairing_id', 'is_server', 'port_from', 'port_to'])
    .where('environment_id', '=', environmentId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** A rule as list responses show it: hosts keyed by host id, with their names. */
export function ruleView(row: ApplicationRuleRow, devices: ReadonlyMap<number, DeviceSummary>): ApplicationRule {
  const hostIds = parse<number[]>(row.hosts) ?? [];
  const hosts_list: ApplicationRule['hosts_list'] = {};
  for (const id of hostIds) {
    const device = devices.get(id);
    hosts_list[String(id)] = {
      device_id: id,
      name: device?.name ?? `#${id}`,
      ...(device ? { pairing_id: device.pairing_id } : {}),
    };
  }
  const hubEndpoint = parse<HubEndpointInfo>(row.hub_endpoint_info);
  // Rules stored before hubs had ports of their own answer their one port on every hub.
  const hubs_list = (parse<RuleHub[]>(row.hubs) ?? []).map(({ port: own, ...hub }) => {
    const port = hubEndpoint ? hubPortOf({ port: own }, hubEndpoint) : null;
    return port === null ? hub : { ...hub, port };
  });
  return {
    id: row.id,
    name: row.name,
    is_enabled: row.is_enabled === 1,
    profile_id: row.profile_id,
    host_endpoint_info: parse<HostEndpointInfo>(row.host_endpoint_info),
    hosts_list,
    hosts_settings: parse<RedundancySettings>(row.hosts_settings) as RedundancySettings,
    hubs_list,
    hub_endpoint_info: hubEndpoint,
    hubs_settings: parse<RedundancySettings>(row.hubs_settings) as RedundancySettings,
    ...(row.topology ? { topology: row.topology as ApplicationRule['topology'] } : {}),
    ...(row.pairing_mode ? { pairing_mode: row.pairing_mode as ApplicationRule['pairing_mode'] } : {}),
    ...(row.protocol ? { protocol: row.protocol as ApplicationRule['protocol'] } : {}),
    bandwidth_limit_kbps: row.bandwidth_limit_kbps,
  };
}

type RuleColumns = Omit<ApplicationRulesTable, 'id' | 'environment_id' | 'created_at' | 'updated_at'>;

export function ruleColumns(input: ApplicationRuleInput): RuleColumns {
  return {
    name: input.name,
    is_enabled: input.is_enabled ? 1 : 0,
    profile_id: input.profile_id ?? null,
    host_endpoint_info: input.host_endpoint_info ? JSON.stringify(input.host_endpoint_info) : null,
    hosts: JSON.stringify(input.hosts_list),
    hosts_settings: JSON.stringify(input.hosts_settings),
    hubs: JSON.stringify(input.hubs_list),
    hub_endpoint_info: input.hub_endpoint_info ? JSON.stringify(input.hub_endpoint_info) : null,
    hubs_settings: JSON.stringify(input.hubs_settings),
    topology: input.topology ?? null,
    pairing_mode: input.pairing_mode ?? null,
    protocol: input.protocol ?? null,
    bandwidth_limit_kbps: input.bandwidth_limit_kbps ?? null,
  };
}

/** Error 64 (add) or 62 (update): every hub whose port lies outside its control ports, the first one named in the detail. */
function hubPortsRefusal(
  code: typeof ErrorCode.HUB_CONTROL_PORTS_ADD | typeof ErrorCode.HUB_CONTROL_PORTS_UPDATE,
  input: ApplicationRuleInput,
  problems: readonly [HubPortProblem, ...HubPortProblem[]],
  rangeOf: (deviceId: number) => { readonly from: number; readonly to: number } | null,
) {
  const [first] = problems;
  const hubs = problems.map(({ priority, device_id, name, port, ports }) => ({
    priority,
    device_id,
    name,
    port,
    ports,
  }));
  const said = hubs.map(
    (hub) => `${hub.name} (${hub.priority}) accepts ${hub.ports.from}-${hub.ports.to}, not ${hub.port}`,
  );
  // One port for several hubs (a client of the spec's shape) that no port can satisfy: say what to do.
  const ports = new Set(input.hubs_list.map((hub) => hub.port));
  const noCommonPort =
    input.hubs_list.length > 1 &&
    ports.size === 1 &&
    commonHubPorts(input.hubs_list.map((hub) => rangeOf(hub.device_id))) === null;
  const advice = noCommonPort ? '; no one port fits every hub: give each hub its own port (hubs_list[].port)' : '';
  return refuse(
    code,
    {
      hub_device_id: first.device_id,
      hub_name: first.name,
      hub_priority: first.priority,
      port: first.port,
      ports: first.ports,
      hubs,
    },
    { message: `${ERROR_CATALOGUE[code].message}: ${said.join('; ')}${advice}` },
  );
}

/**
 * What the database must confirm about a rule: hosts are client devices and hubs server
 * devices of this environment, the profile is this environment's, the name (60) and the
 * hosts-and-primary-hub pairing (61) are free, and each hub's port lies within that hub's
 * control ports (64 on add, 62 on update). Error 61 names the rule holding the pairing to
 * callers who may view rules (`mayViewRules`), and only to them.
 */
export async function assertRuleFits(
  db: Kysely<Database>,
  environmentId: number,
  input: ApplicationRuleInput,
  mode: { readonly kind: 'add' } | { readonly kind: 'update'; readonly id: number },
  mayViewRules: boolean,
): Promise<void> {
  const exceptId = mode.kind === 'update' ? mode.id : undefined;
  const devices = await devicesOf(db, environmentId, [
    ...input.hosts_list,
    ...input.hubs_list.map((hub) => hub.device_id),
  ]);
  const badHosts = input.hosts_list.filter((id) => devices.get(id)?.is_server !== 0);
  const badHubs = input.hubs_list
    .filter((hub) => devices.get(hub.device_id)?.is_server !== 1)
    .map((hub) => hub.device_id);
  if (badHosts.length > 0 || badHubs.length > 0) {
    throw refuse(
      ErrorCode.MISSING_VALUES,
      {
        ...(badHosts.length ? { hosts_list: ValidationKey.RULE_HOSTS } : {}),
        ...(badHubs.length ? { hubs_list: ValidationKey.RULE_HUBS } : {}),
      },
      { message: 'Hosts must be client devices and hubs server devices of this environment' },
    );
  }
  if (input.profile_id !== null && input.profile_id !== undefined) {
    const profile = await db
      .selectFrom('openvpn_profiles')
      .select('id')
      .where('id', '=', input.profile_id)
      .where('environment_id', '=', environmentId)
      .executeTakeFirst();
    if (!profile)
      throw refuse(ErrorCode.MISSING_VALUES, { profile_id: 'validation.invalid' }, { message: 'Unknown VPN profile' });
  }
  const others = await db
    .selectFrom('application_rules')
    .select(['id', 'name', 'hosts', 'hubs'])
    .where('environment_id', '=', environmentId)
    .execute();
  const siblings = others.filter((rule) => rule.id !== exceptId);
  if (siblings.some((rule) => rule.name.toLowerCase() === input.name.toLowerCase())) {
    throw refuse(ErrorCode.RULE_NAME_EXISTS);
  }
  const hostsKey = [...input.hosts_list].sort((a, b) => a - b).join(',');
  const primary = input.hubs_list[0]?.device_id;
  const sameParameters = siblings.find((rule) => {
    const hosts = (JSON.parse(rule.hosts) as number[]).sort((a, b) => a - b).join(',');
    const hubs = JSON.parse(rule.hubs) as RuleHub[];
    return hosts === hostsKey && hubs[0]?.device_id === primary;
  });
  if (sameParameters) {
    const { message } = ERROR_CATALOGUE[ErrorCode.RULE_PARAMETERS_EXIST];
    throw mayViewRules
      ? refuse(
          ErrorCode.RULE_PARAMETERS_EXIST,
          { rule_id: sameParameters.id, rule_name: sameParameters.name },
          { message: `${message}: rule ${sameParameters.name} has the same hosts and primary hub` },
        )
      : refuse(ErrorCode.RULE_PARAMETERS_EXIST);
  }
  const rangeOf = (deviceId: number) => {
    const device = devices.get(deviceId);
    return device && device.port_from !== null && device.port_to !== null
      ? { from: device.port_from, to: device.port_to }
      : null;
  };
  const problems = hubPortProblems(input.hubs_list, (deviceId) => {
    const device = devices.get(deviceId);
    return device ? { name: device.name, ports: rangeOf(deviceId) } : undefined;
  });
  const [first, ...rest] = problems;
  if (first) {
    const code = mode.kind === 'add' ? ErrorCode.HUB_CONTROL_PORTS_ADD : ErrorCode.HUB_CONTROL_PORTS_UPDATE;
    throw hubPortsRefusal(code, input, [first, ...rest], rangeOf);
  }
}

/** Rules as answered, their hosts and hubs named from one lookup of the environment's devices. */
export async function ruleViewsOf(db: Kysely<Database>, environmentId: number, rows: readonly ApplicationRuleRow[]) {
  const ids = rows.flatMap((row) => [
    ...(JSON.parse(row.hosts) as number[]),
    ...(JSON.parse(row.hubs) as RuleHub[]).map((hub) => hub.device_id),
  ]);
  const devices = await devicesOf(db, environmentId, [...new Set(ids)]);
  return rows.map((row) => ruleView(row, devices));
}

/** One rule as answered. */
export async function ruleViewOf(db: Kysely<Database>, environmentId: number, row: ApplicationRuleRow) {
  const [view] = await ruleViewsOf(db, environmentId, [row]);
  if (!view) throw new Error(`rule ${row.id} has no view`);
  return view;
}
