import { API, currentTimeZoneName } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { route } from '../../http/endpointRoute.js';

/**
 * PUT preferences: the caller's own time zone (issue 39, item 15), nobody else's. The body's
 * zone is an IANA name the platform knows (TimeZoneSchema) or null for the browser's; anything
 * else is refused with the spec's validation error before it gets here. A zone is kept by its
 * current IANA name ('Asia/Calcutta' is saved as 'Asia/Kolkata').
 */
export const updatePreferences = route(API.preferences.update, (context: ProviderContext) => async ({ auth, body }) => {
  const row = await context.db
    .updateTable('users')
    .set({
      time_zone: body.time_zone === null ? null : currentTimeZoneName(body.time_zone),
      updated_at: context.now(),
    })
    .where('id', '=', auth.user.id)
    .returning(['time_zone'])
    .executeTakeFirstOrThrow();
  return { time_zone: row.time_zone };
});
