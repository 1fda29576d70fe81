/**
 * The satellite-message target (spec sections 3, 7): where the environment's satcom messages
 * are forwarded, with which API key, and how that link is doing (section 4's satcom link
 * status: disabled, misconfigured, connected, transmitted).
 */
import { z } from 'zod';
import { SatcomLinkStatus } from '../constants/enums.js';
import { OutboundFailureCodeSchema } from '../outbound/outboundFailure.js';
import { hasControlCharacters, isHostAddress, ValidationKey } from '../validation/rules.js';

export const SatcomLinkStatusValueSchema = z.union([
  z.literal(SatcomLinkStatus.DISABLED),
  z.literal(SatcomLinkStatus.MISCONFIGURED),
  z.literal(SatcomLinkStatus.CONNECTED),
  z.literal(SatcomLinkStatus.TRANSMITTED),
]);

/** As answered: the key is never sent back, so the form never pre-fills it. */
export const SatcomTargetSchema = z.object({
  url: z.string().nullable(),
  /** Whether a key is stored. */
  has_api_key: z.boolean(),
  /** Meaningful once `checked`: the forwarder has tried the target since it was last set. */
  link_status: SatcomLinkStatusValueSchema,
  checked: z.boolean(),
  /** When the target last accepted messages (ISO 8601), if ever. */
  last_transmitted_at: z.string().nullable(),
  /**
   * Why the last attempt failed, while it does: a generic reason code (shared
   * `OutboundFailure`: `timedOut`, `refusedStatus:503` ...), never how names resolved.
   */
  last_error: OutboundFailureCodeSchema.nullable(),
  /** When the forwarder tries again after a failure (back-off), if it will. */
  next_attempt_at: z.string().nullable(),
  /** Messages waiting to be forwarded. */
  pending: z.number().int().min(0),
});
export type SatcomTarget = z.infer<typeof SatcomTargetSchema>;

export const SatcomTargetResponseSchema = z.object({ satcom_target: SatcomTargetSchema });
export type SatcomTargetResponse = z.infer<typeof SatcomTargetResponseSchema>;

/** An absolute http(s) URL whose host is a DNS name, an IPv4 address or an IPv6 literal in brackets. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // An IPv6 literal ([2001:db8::1]) was checked by the URL parser; the address rules judge it as any address.
  const host = url.hostname.startsWith('[') || isHostAddress(url.hostname);
  return host && url.username === '' && url.password === '';
}

/**
 * A URL as stored and called: the WHATWG serialisation of what was typed, so the host is in
 * lower case, a default port is dropped and the path is percent-encoded. (The URL parser
 * itself would drop a CR, LF or tab inside; the schema refuses them before it gets the chance.)
 */
export const normalisedHttpUrl = (value: string): string => new URL(value).href;

/** A blank or control character inside a URL (the ends are trimmed): a typing or pasting accident. */
const hasBlankOrControlCharacter = (value: string) => /\s/.test(value) || hasControlCharacters(value);

export const SATCOM_URL_MAX_LENGTH = 2048;
export const SATCOM_API_KEY_MAX_LENGTH = 512;

/**
 * PUT /satcom_target: an http(s) URL (trimmed, no blank or control character inside, stored
 * normalised), and the API key. The key may be left out (or null) to keep the one stored; a
 * target without a stored key needs one.
 */
export const SatcomTargetUpdateSchema = z.strictObject({
  satcom_target: z.strictObject({
    url: z
      .string({ error: ValidationKey.REQUIRED })
      .trim()
      .min(1, { message: ValidationKey.REQUIRED, abort: true })
      .max(SATCOM_URL_MAX_LENGTH, { message: ValidationKey.MAX_LENGTH, abort: true })
      .refine((url) => !hasBlankOrControlCharacter(url), { message: ValidationKey.INVALID_CHARACTERS, abort: true })
      .refine(isHttpUrl, { message: ValidationKey.INVALID, abort: true })
      .transform(normalisedHttpUrl)
      .pipe(z.string().max(SATCOM_URL_MAX_LENGTH, ValidationKey.MAX_LENGTH)),
    api_key: z
      .string({ error: ValidationKey.INVALID })
      .min(1, ValidationKey.REQUIRED)
      .max(SATCOM_API_KEY_MAX_LENGTH, ValidationKey.MAX_LENGTH)
      .refine((key) => !/[\r\n\0]/.test(key), ValidationKey.INVALID_CHARACTERS)
      .nullable()
      .optional(),
  }),
});
export type SatcomTargetUpdate = z.infer<typeof SatcomTargetUpdateSchema>;

/** What the forwarder posts to the target: a batch of messages, oldest first (an empty batch checks the link). */
export const SATCOM_FORWARD_BATCH = 100;

/** Satellite networks the messaging log offers as filters (messages may name others, shown as they come). */
export const KNOWN_SATCOM_NETWORKS = ['Iridium', 'Inmarsat', 'Globalstar', 'Thuraya', 'Orbcomm'] as const;
