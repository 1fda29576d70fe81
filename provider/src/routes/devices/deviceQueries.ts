import type { SelectQueryBuilder } from 'kysely';
import type { ProviderContext } from '../../context.js';
import { jsonAnswerWith, jsonArrayAnswer, type JsonAnswer, type JsonText } from '../../http/jsonAnswer.js';
import type { Scoped } from '../../http/tenancy.js';
import type { ReadShaperName } from '../../readShapers.js';
import type { ShaperRow } from '../../store/readPool.js';
import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import { textOfBatches } from '../../store/keysetPages.js';
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

/** The shapers that write a per-device answer's entries as JSON (deviceStatusText.ts). */
type PerDeviceShaper = 'deviceStatus' | 'dataLinksInfo' | 'linksAvailability' | 'locations';

/**
 * A per-device status call's answer (device_status, data_links_info, data_links_availability,
 * locations): its one field, the devices the call names (devicesOfQuery) read by `select` and
 * written as JSON by `shaper` in the read pool. The spec's call answers the whole set, so it is
 * streamed (the contract's bound): read by id in keyset batches (HALO_LIST_BATCH_ROWS), each
 * batch's text sent as it comes, so neither the loop nor memory holds 100,000 devices' entries.
 */
export function perDeviceAnswer<Answer extends object, Name extends PerDeviceShaper & ReadShaperName>(
  context: ProviderContext,
  call: {
    readonly auth: Pick<Scoped, 'target'>;
    readonly devices: readonly number[] | undefined;
    readonly signal: AbortSignal;
  },
  field: keyof Answer & string,
  shaper: Name,
  select: (devices: DevicesQuery) => SelectQueryBuilder<Database, 'devices', ShaperRow<Name>>,
): JsonAnswer<Answer> {
  const { query, empty } = devicesOfQuery(context, call.auth, call.devices);
  if (empty) return jsonAnswerWith<Answer>({}, { [field]: '[]' } as { readonly [Key in keyof Answer]?: JsonText });
  const read = context.reads.begin('export', call.signal);
  const batches = textOfBatches((pastId, limit) => {
    const batch = pastId === undefined ? query : query.where('id', '>', pastId);
    return read.shaped(select(batch).orderBy('id').limit(limit).compile(), shaper, undefined);
  }, context.config.listBatchRows);
  return jsonArrayAnswer<Answer>(field, batches);
}
