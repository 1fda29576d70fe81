/**
 * The hub control-port rule of application rules (errors 62 and 64): the port a hub is reached
 * on must lie within that hub's control ports (the server device's port range).
 *
 * The spec gives a rule one port for all its hubs (hub_endpoint_info.port). Two servers of an
 * environment never share a port (their ranges may not overlap: error 52), so no one port can
 * ever fit two hubs: a rule with two hubs needs a port per hub. Each hub of hubs_list may carry
 * its own `port` (an extension); a hub without one uses hub_endpoint_info.port, so a client of
 * the spec's shape keeps working whenever its one port fits every hub.
 */
import type { HubPriority } from './applicationRule.js';

/** A server device's control ports, inclusive. */
export interface ControlPorts {
  readonly from: number;
  readonly to: number;
}

/** What the rule needs to know of a hub's device: its name (for messages) and its control ports. */
export interface HubDevice {
  readonly name: string;
  /** Null when the device has no range (then any port fits). */
  readonly ports: ControlPorts | null;
}

/** Finds a hub's device by id; undefined when it is not a device of the environment. */
export type HubDeviceLookup = (deviceId: number) => HubDevice | undefined;

/** A hub whose port lies outside its control ports. */
export interface HubPortProblem {
  /** Its place in hubs_list (the problem's path is `hubs_list.<index>.port`). */
  readonly index: number;
  readonly priority: HubPriority;
  readonly device_id: number;
  readonly name: string;
  readonly port: number;
  readonly ports: ControlPorts;
}

/** The port a hub uses: its own, else the rule's one port (hub_endpoint_info.port), else none. */
export function hubPortOf(
  hub: { readonly port?: number | null },
  endpoint: { readonly port: number } | null | undefined,
): number | null {
  return hub.port ?? endpoint?.port ?? null;
}

export function portFits(port: number, ports: ControlPorts | null): boolean {
  return ports === null || (port >= ports.from && port <= ports.to);
}

/**
 * Every hub whose port lies outside its control ports, in hubs_list order. Hubs without a
 * port, without a range or not found are left to the checks that concern them.
 */
export function hubPortProblems(
  hubs: readonly { readonly priority: HubPriority; readonly device_id: number; readonly port?: number | null }[],
  hubOf: HubDeviceLookup,
): HubPortProblem[] {
  const problems: HubPortProblem[] = [];
  hubs.forEach((hub, index) => {
    const device = hubOf(hub.device_id);
    const port = hub.port ?? null;
    if (!device?.ports || port === null || portFits(port, device.ports)) return;
    problems.push({
      index,
      priority: hub.priority,
      device_id: hub.device_id,
      name: device.name,
      port,
      ports: device.ports,
    });
  });
  return problems;
}

/** The ports every given range shares (ranges that are null take any port), or null when none. */
export function commonHubPorts(ranges: readonly (ControlPorts | null)[]): ControlPorts | null {
  const known = ranges.filter((range): range is ControlPorts => range !== null);
  if (known.length === 0) return null;
  const from = Math.max(...known.map((range) => range.from));
  const to = Math.min(...known.map((range) => range.to));
  return from <= to ? { from, to } : null;
}

/** The port the form offers for a hub: the current one when it fits, else the first of its control ports. */
export function proposeHubPort(ports: ControlPorts | null, current: number | null): number | null {
  if (ports === null) return current;
  return current !== null && portFits(current, ports) ? current : ports.from;
}
