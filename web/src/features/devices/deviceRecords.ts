import { API, DEVICES_QUERY_MAX_IDS, type Device } from '@halo/shared';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../lib/api';

/** How long the rows on screen must stay put before their records are asked for (scrolling asks nothing). */
const SETTLE_MS = 120;
/** Records kept at most: those on screen and the latest others (scrolling through 100,000 keeps a few). */
const KEEP_RECORDS = 2000;

/** The devices' records by id, as GET devices answered them for the ids asked. */
export type DeviceRecords = ReadonlyMap<number, Device>;

/** Asks for the records of `ids` (in chunks the query allows), each id once. */
export async function fetchDeviceRecords(
  client: Pick<ApiClient, 'call'>,
  environmentId: number,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Device[]> {
  const found: Device[] = [];
  for (let start = 0; start < ids.length; start += DEVICES_QUERY_MAX_IDS) {
    const chunk = ids.slice(start, start + DEVICES_QUERY_MAX_IDS);
    const answer = await client.call(
      API.devices.list,
      { params: { environmentId }, query: { devices: chunk.join(',') } },
      signal ? { signal } : {},
    );
    found.push(...answer.devices);
  }
  return found;
}

/** The servers' records (GET devices?is_server=true). */
export async function fetchServerRecords(client: Pick<ApiClient, 'call'>, environmentId: number): Promise<Device[]> {
  const answer = await client.call(API.devices.list, { params: { environmentId }, query: { is_server: 'true' } });
  return answer.devices;
}

/**
 * The records (GET devices) of the rows on screen, which the row buttons work on: the table's
 * rows come from the live fleet, and a fleet of 100,000 is never listed whole. Asked for once
 * the rows stay put, again for a row whose name changed, and all again when `loads` moves
 * (after an add, an update or a delete).
 */
export function useDeviceRecords(
  client: Pick<ApiClient, 'call'>,
  environmentId: number,
  rows: readonly { readonly id: number; readonly name: string }[],
  loads: number,
): DeviceRecords {
  const [records, setRecords] = useState<DeviceRecords>(new Map());
  const recordsRef = useRef(records);
  const seenLoads = useRef(loads);
  useEffect(() => {
    recordsRef.current = records;
  });
  const key = rows.map((row) => `${row.id}:${row.name}`).join(',');
  useEffect(() => {
    const fresh = seenLoads.current !== loads;
    seenLoads.current = loads;
    const known = fresh ? new Map<number, Device>() : recordsRef.current;
    const wanted = rows.filter((row) => known.get(row.id)?.name !== row.name).map((row) => row.id);
    if (wanted.length === 0) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchDeviceRecords(client, environmentId, wanted, abort.signal)
        .then((found) => {
          const next = new Map(known);
          for (const device of found) {
            next.delete(device.id);
            next.set(device.id, device);
          }
          for (const id of next.keys()) {
            if (next.size <= KEEP_RECORDS) break;
            next.delete(id);
          }
          setRecords(next);
        })
        .catch(() => undefined); // the buttons wait for the next try; the table itself is live
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // `key` stands for the rows (their ids and names).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, environmentId, key, loads]);
  return records;
}
