/** The satellite-message target: where satcom messages are forwarded, and with which key. */
import { z } from 'zod';
import { isHostAddress, ValidationKey } from '../validation/rules.js';

/** As answered: the key is never sent back, so the form never pre-fills it. */
export const SatcomTargetSchema = z.object({
  url: z.string().nullable(),
  /** Whether a key is stored. */
  has_api_key: z.boolean(),
});
export type SatcomTarget = z.infer<typeof SatcomTargetSchema>;

export const SatcomTargetResponseSchema = z.object({ satcom_target: SatcomTargetSchema });
export type SatcomTargetResponse = z.infer<typeof SatcomTargetResponseSchema>;

/** An absolute http(s) URL whose host is a DNS name or an IPv4 address. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return isHostAddress(url.hostname) && url.username === '' && url.password === '';
}

export const SATCOM_URL_MAX_LENGTH = 2048;
export const SATCOM_API_KEY_MAX_LENGTH = 512;

/** PUT /satcom_target: an http(s) URL and the API key, both required. */
export const SatcomTargetUpdateSchema = z.strictObject({
  satcom_target: z.strictObject({
    url: z
      .string({ error: ValidationKey.REQUIRED })
      .trim()
      .min(1, { message: ValidationKey.REQUIRED, abort: true })
      .max(SATCOM_URL_MAX_LENGTH, { message: ValidationKey.MAX_LENGTH, abort: true })
      .refine(isHttpUrl, ValidationKey.INVALID),
    api_key: z
      .string({ error: ValidationKey.REQUIRED })
      .min(1, ValidationKey.REQUIRED)
      .max(SATCOM_API_KEY_MAX_LENGTH, ValidationKey.MAX_LENGTH),
  }),
});
export type SatcomTargetUpdate = z.infer<typeof SatcomTargetUpdateSchema>;
