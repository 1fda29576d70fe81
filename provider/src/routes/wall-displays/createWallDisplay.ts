import { API, AuditAction } from '@halo/shared';
import { SessionKind } from '../../auth/sessions.js';
import { newToken } from '../../auth/tokens.js';
import { route } from '../../http/endpointRoute.js';
import { assertOwnEnvironment, auditWallDisplay } from './wallDisplayAccess.js';

/** POST config/{env}/wall_displays {label}: the token and the wall's address, shown this once. */
export const createWallDisplay = route(API.wallDisplays.create, (context) => async ({ auth, body: { label } }) => {
  assertOwnEnvironment(auth);
  const now = context.now();
  const { token, hash } = newToken();
  const row = await context.db
    .insertInto('sessions')
    .values({
      token_hash: hash,
      user_id: auth.user.id,
      verified: 1,
      created_at: now,
      last_activity_at: now,
      kind: SessionKind.DISPLAY,
      label,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditWallDisplay(context, auth, AuditAction.CREATE, label);
  return { id: row.id, label, token, url: `${context.config.publicUrl}/wall#display=${token}` };
});
