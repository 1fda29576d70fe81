import type { CompiledQuery, SelectQueryBuilder } from 'kysely';
import type { ProviderContext } from '../../context.js';
import { jsonAnswerWith, type JsonAnswer, type JsonText } from '../../http/jsonAnswer.js';
import type { Scoped } from '../../http/tenancy.js';
import type { ReadShaperName } from '../../readShapers.js';
import type { ShaperRow } from '../../store/readPool.js';
import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import type { Database } from '../../store/schema.js';

export type DevicesQuery = SelectQueryBuilder<Database, 'devices', object>;

/**
 * The devices of environment {env} a status call names with `devices=1,2,3` (all of them
 * when absent; the shared query schema refuses lists longer than its limit with error 3).
 * Ids of other environments are simply not there.
 */
export function devicesOfQuery(
  context: ProviderContext,
  auth: Pick<Scoped, 'target'>,
  devices: readonly number[] | undefined,
): { query: DevicesQuery; empty: boolean } {
  const all: DevicesQuery = context.db.selectFrom('devices');
  const query =
    devices !== undefined && devices.length > 0
      ? all.where('id', 'in', devices).where(keptToEnvironment(auth.target.id))
      : all.where('environment_id', '=', auth.target.id);
  return { query, empty: devices !== undefined && devices.length === 0 };
}

/** The shapers that write a per-device answer's field as JSON (deviceStatusText.ts). */
type PerDeviceShaper = 'deviceStatus' | 'dataLinksInfo' | 'linksAvailability' | 'locations';

/**
 * A per-device status call's answer (device_status, data_links_info, data_links_availability,
 * locations): its one field, the devices the call names (devicesOfQuery) read by `select` and
 * written as JSON by `shaper` in the read pool, so only the text reaches the request loop.
 */
export async function perDeviceAnswer<Answer extends object, Name extends PerDeviceShaper & ReadShaperName>(
  context: ProviderContext,
  call: {
    readonly auth: Pick<Scoped, 'target'>;
    readonly devices: readonly number[] | undefined;
    readonly signal: AbortSignal;
  },
  field: keyof Answer & string,
  shaper: Name,
  select: (devices: DevicesQuery) => CompiledQuery<ShaperRow<Name>>,
): Promise<JsonAnswer<Answer>> {
  const { query, empty } = devicesOfQuery(context, call.auth, call.devices);
  const text: JsonText = empty
    ? '[]'
    : await context.reads.begin('page', call.signal).shaped(select(query), shaper, undefined);
  return jsonAnswerWith<Answer>({}, { [field]: text } as { readonly [Key in keyof Answer]?: JsonText });
}
