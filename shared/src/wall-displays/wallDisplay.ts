import { z } from 'zod';
import { displayNameCheck } from '../common.js';

/** POST config/{env}/wall_displays: a name for the NOC screen. */
/**
 * How often a connected wall display's "last seen" moves (issue 39, item 12): any call with its
 * token, the gateway's session checks for its socket included, writes it at most this often.
 */
export const WALL_DISPLAY_SEEN_EVERY_MS = 30_000;

export const WallDisplayCreateSchema = z.strictObject({
  label: z
    .string()
    .superRefine(displayNameCheck('label'))
    .trim()
    .min(1, 'validation.required')
    .max(64, 'validation.maxLength'),
});
export type WallDisplayCreate = z.infer<typeof WallDisplayCreateSchema>;

/** A wall display as listed: never its token. */
export const WallDisplaySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type WallDisplay = z.infer<typeof WallDisplaySchema>;

export const WallDisplayListResponseSchema = z.object({ wall_displays: z.array(WallDisplaySchema) });

/** The answer to an issue: the token and the wall's address, shown this once. */
export const WallDisplayIssuedSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  token: z.string(),
  url: z.string(),
});
export type WallDisplayIssued = z.infer<typeof WallDisplayIssuedSchema>;
