import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { assertOwnEnvironment, liveWallDisplays } from './wallDisplayAccess.js';

/** GET config/{env}/wall_displays: the live displays of this environment. */
export const listWallDisplays = route(API.wallDisplays.list, (context) => async ({ auth }) => {
  assertOwnEnvironment(auth);
  const rows = await liveWallDisplays(context.db, auth.target.id)
    .select(['sessions.id', 'sessions.label', 'sessions.created_at', 'sessions.last_activity_at'])
    .orderBy('sessions.id')
    .execute();
  return {
    wall_displays: rows.map((row) => ({
      id: row.id,
      label: row.label ?? '',
      created_at: new Date(row.created_at).toISOString(),
      last_seen_at: new Date(row.last_activity_at).toISOString(),
    })),
  };
});
