import { API, AuditAction } from '@halo/shared';
import { SessionKind } from '../../auth/sessions.js';
import { newToken } from '../../auth/tokens.js';
import { route } from '../../http/endpointRoute.js';
import { assertCollectionRoom } from '../../store/collectionCaps.js';
import { assertOwnEnvironment, auditWallDisplay, liveWallDisplays } from './wallDisplayAccess.js';

/**
 * POST config/{env}/wall_displays {label}: the token and the wall's address, shown this once;
 * error 180 past COLLECTION_CAPS.wallDisplays (not revoked).
 */
export const createWallDisplay = route(
  API.wallDisplays.create,
  (context) =>
    async ({ auth, body: { label }, request }) => {
      assertOwnEnvironment(auth);
      await assertCollectionRoom('wallDisplays', liveWallDisplays(context.db, auth.target.id));
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
      return { id: row.id, label, token, url: `${context.consoleAddress.forCaller(request)}/wall#display=${token}` };
    },
);
