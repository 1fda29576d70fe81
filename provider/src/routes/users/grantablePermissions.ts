import { can, canGrant } from '@halo/shared';
import type { Kysely } from 'kysely';
import { sessionAuthority, type Authenticated } from '../../auth/sessions.js';
import { forbidden } from '../../errors/httpError.js';
import { subjectOf } from '../../http/tenancy.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';
import type { Database } from '../../store/schema.js';

/** Nobody hands out what they do not hold: a non-manager may grant only their own permissions. */
export function assertGrantable(actor: Authenticated, requested: readonly number[]): void {
  const authority = sessionAuthority(actor);
  if (requested.some((permission) => !canGrant(authority, permission))) {
    throw forbidden('Insufficient permission level: you cannot grant permissions you do not hold');
  }
}

/**
 * Devices likewise: a user who may act on every device (53 or 55, or the manager) grants any
 * of the environment's; anyone else only devices they may act on themselves. Only devices
 * being added are checked, so editing a user keeps grants the editor could not make.
 */
export async function assertDevicesGrantable(
  db: Kysely<Database>,
  actor: Authenticated,
  requested: readonly number[],
  alreadyGranted: readonly number[] = [],
): Promise<void> {
  const subject = subjectOf(actor);
  if (subject.environment_manager || can(subject, 'devices.updateAll') || can(subject, 'devices.deleteAll')) return;
  const kept = new Set(alreadyGranted);
  const added = requested.filter((id) => !kept.has(id));
  if (added.length === 0) return;
  const own = new Set(await allowedDeviceIds(db, actor.user.id));
  if (added.some((id) => !own.has(id))) {
    throw forbidden('Insufficient permission level: you cannot grant devices you may not act on');
  }
}
