/**
 * Silences (issue 27): planned maintenance. A manager silences a device's alarms, a group's
 * (the devices in it while the silence lasts), or the whole environment's, for a time window and with a reason; silenced alarms still open and clear but
 * notify nobody (no e-mail, not in the bell's count) and are marked wherever they are shown.
 */
import { z } from 'zod';
import { COLLECTION_CAPS } from '../api/collectionCaps.js';
import { defineEndpoint } from '../api/endpoint.js';
import { DateTimeSchema, displayNameCheck, IdSchema } from '../common.js';
import { OkResponseSchema } from '../auth/auth.js';
import { ErrorCode } from '../errors/errorCatalogue.js';

export const SILENCE_SCOPES = ['environment', 'device', 'group'] as const;
export type SilenceScope = (typeof SILENCE_SCOPES)[number];

/** The longest silence: a maintenance window, not a way to switch alarms off. */
export const SILENCE_MAX_MS = 30 * 86_400_000;
export const SILENCE_REASON_MAX_LENGTH = 200;
/** Durations the console offers, in hours. */
export const SILENCE_DURATIONS_HOURS = [1, 4, 8, 24, 72, 168] as const;

export const AlarmSilenceSchema = z.object({
  id: IdSchema,
  environment_id: IdSchema,
  scope: z.enum(SILENCE_SCOPES),
  /** The silenced device (scope `device`), with its name when it was silenced. */
  device_id: IdSchema.nullable(),
  device_name: z.string().nullable(),
  /** The silenced group (scope `group`), with its name when it was silenced. */
  group_id: IdSchema.nullable(),
  group_name: z.string().nullable(),
  reason: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** Whether the caller may end it: one set from an environment above his is ended only there or above. */
  may_end: z.boolean(),
});
export type AlarmSilence = z.infer<typeof AlarmSilenceSchema>;

export const AlarmSilenceListSchema = z.object({ silences: z.array(AlarmSilenceSchema) });

/** Silences in force a summary names at most (the rest are counted): Home, the wall and the bell say them. */
export const SILENCE_NOTICES_MAX = 3;

/**
 * A silence in force as everything that counts alarms shows it (issue 39, item 2): what it
 * silences, who set it, why and until when, so a forgotten silence cannot hide an outage.
 */
export const SilenceNoticeSchema = AlarmSilenceSchema.pick({
  id: true,
  scope: true,
  device_name: true,
  group_name: true,
  reason: true,
  ends_at: true,
  created_by: true,
});
export type SilenceNotice = z.infer<typeof SilenceNoticeSchema>;

/** A new silence: from now (or `starts_at`) for `duration_minutes`. */
export const AlarmSilenceCreateSchema = z
  .strictObject({
    scope: z.enum(SILENCE_SCOPES),
    device_ids: z.array(IdSchema).min(1).max(1000).optional(),
    group_ids: z.array(IdSchema).min(1).max(100).optional(),
    starts_at: DateTimeSchema.optional(),
    duration_minutes: z
      .number()
      .int()
      .min(5)
      .max(SILENCE_MAX_MS / 60_000),
    // Shown beside what it silences, as a name is: the same rule.
    reason: z.string().superRefine(displayNameCheck('reason')).trim().min(1).max(SILENCE_REASON_MAX_LENGTH),
  })
  .refine((silence) => (silence.scope === 'device') === (silence.device_ids !== undefined), {
    path: ['device_ids'],
    message: 'device_ids is required for a device silence, and only for one',
  })
  .refine((silence) => (silence.scope === 'group') === (silence.group_ids !== undefined), {
    path: ['group_ids'],
    message: 'group_ids is required for a group silence, and only for one',
  });
export type AlarmSilenceCreate = z.infer<typeof AlarmSilenceCreateSchema>;

/**
 * Whether a silence covers an alarm of `environmentId` on `deviceId` at `now` (epoch ms). A
 * group's silence covers its `members` (the devices in the group now).
 */
export function silenceCovers(
  silence: {
    readonly scope: SilenceScope;
    readonly environment_id: number;
    readonly device_id: number | null;
    readonly members?: ReadonlySet<number>;
  },
  window: { readonly startsAt: number; readonly endsAt: number },
  alarm: { readonly environmentId: number; readonly deviceId: number },
  now: number,
): boolean {
  if (now < window.startsAt || now >= window.endsAt) return false;
  if (silence.environment_id !== alarm.environmentId) return false;
  if (silence.scope === 'environment') return true;
  if (silence.scope === 'group') return silence.members?.has(alarm.deviceId) ?? false;
  return silence.device_id === alarm.deviceId;
}

const tag = 'Alarms';

export const silencesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/alarm_silences',
    summary: 'The environment’s silences that have not ended',
    tag,
    bound: 'capped',
    cap: COLLECTION_CAPS.silences,
    access: 'user',
    capability: 'alarms.view',
    answer: AlarmSilenceListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/alarm_silences',
    summary: 'Silence the environment’s alarms, some devices’ or some groups’, for a window (managers)',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'alarms.silence',
    body: AlarmSilenceCreateSchema,
    answer: AlarmSilenceListSchema,
    status: 201,
    errors: [ErrorCode.INVALID_ID, ErrorCode.COLLECTION_LIMIT_REACHED],
  }),
  end: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/alarm_silences/{id}',
    summary: 'End a silence now (managers; one set from an environment above, only from there or above it)',
    tag,
    access: 'user',
    capability: 'alarms.silence',
    answer: OkResponseSchema,
  }),
} as const;
