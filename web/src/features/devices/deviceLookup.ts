import { API, type Device } from '@halo/shared';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { fetchDeviceRecords } from './deviceRecords';

/** How long typing pauses before the server is asked. */
const SEARCH_AFTER_MS = 200;

/** What a device search answered, and for which text. */
export interface DeviceSearchAnswer {
  readonly text: string;
  readonly devices: readonly Device[];
}

export interface DeviceSearchOptions {
  /** False while the user may not view devices: nothing is asked. */
  readonly enabled: boolean;
  /** The most devices asked for (a page of GET /devices). */
  readonly limit: number;
  /** Only servers (hubs) or only clients (hosts). */
  readonly isServer?: boolean;
}

/**
 * The environment's devices whose name or serial number holds `text` (the first ones by id
 * when it is empty), a page asked of the server once typing pauses: a fleet of 100,000 is
 * never loaded to pick a few. Null until the first answer; the last answer stays until the next.
 */
export function useDeviceSearch(
  environmentId: number,
  text: string,
  { enabled, limit, isServer }: DeviceSearchOptions,
): DeviceSearchAnswer | null {
  const [answer, setAnswer] = useState<DeviceSearchAnswer | null>(null);
  const searched = text.trim();
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = {
        ...(searched === '' ? {} : { search: searched }),
        ...(isServer === undefined ? {} : { is_server: isServer ? ('true' as const) : ('false' as const) }),
        limit,
      };
      api
        .call(API.devices.list, { params: { environmentId }, query }, { signal: controller.signal })
        .then((found) => setAnswer({ text: searched, devices: found.devices }))
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ text: searched, devices: [] });
        });
    }, SEARCH_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [environmentId, searched, enabled, limit, isServer]);
  return answer;
}

/**
 * The devices `ids` names (a rule's hosts, a user's grant: up to 10,000), asked by id a chunk at
 * a time as ids come that were not asked before; an id of no device of the environment is
 * simply not in the map. Null until the first answer.
 */
export function useDevicesNamed(
  environmentId: number,
  ids: readonly number[],
  enabled: boolean,
): ReadonlyMap<number, Device> | null {
  const [named, setNamed] = useState<{
    readonly asked: ReadonlySet<number>;
    readonly devices: ReadonlyMap<number, Device>;
  } | null>(null);
  const missing = ids.filter((id) => !named?.asked.has(id));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!enabled) return undefined;
    if (named !== null && missingKey === '') return undefined;
    const controller = new AbortController();
    const asking = missingKey === '' ? [] : missingKey.split(',').map(Number);
    void fetchDeviceRecords(api, environmentId, asking, controller.signal)
      .catch(() => [] as Device[])
      .then((devices) => {
        if (controller.signal.aborted) return;
        setNamed((before) => ({
          asked: new Set([...(before?.asked ?? []), ...asking]),
          devices: new Map([...(before?.devices ?? []), ...devices.map((device) => [device.id, device] as const)]),
        }));
      });
    return () => controller.abort();
  }, [environmentId, enabled, missingKey, named]);
  return named?.devices ?? null;
}
