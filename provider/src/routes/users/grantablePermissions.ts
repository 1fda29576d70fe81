import { sessionAuthority, type Authenticated } from '../../auth/sessions.js';
import { forbidden } from '../../http/httpError.js';

/** Nobody hands out what they do not hold: a non-manager may grant only their own permissions. */
export function assertGrantable(actor: Authenticated, requested: readonly number[]): void {
  const authority = sessionAuthority(actor);
  if (authority.environment_manager) return;
  const held = new Set(authority.permissions);
  if (requested.some((permission) => !held.has(permission))) {
    throw forbidden('Insufficient permission level: you cannot grant permissions you do not hold');
  }
}
