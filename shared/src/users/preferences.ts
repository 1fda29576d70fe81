import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { TimeZoneSchema } from '../server-clock/timeZone.js';

/**
 * A user's own display preferences (issue 39, item 15): the zone they read and enter times in.
 * null is "my browser's", so one account used from two places follows each; the session
 * (auth.ts, time_zone) carries the choice to every page.
 */
export const PreferencesSchema = z.strictObject({
  time_zone: TimeZoneSchema.nullable(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const preferencesApi = {
  update: defineEndpoint({
    method: 'PUT',
    path: '/preferences',
    summary: 'Change your own preferences: the time zone times are shown and entered in (null: your browser’s)',
    tag: 'Preferences',
    access: 'user',
    body: PreferencesSchema,
    answer: PreferencesSchema,
  }),
} as const;
