/**
 * Why an outbound call failed, as a user may read it: a generic reason (refused address,
 * unreachable, timed out, refused with status N, ...), never the detail of how names resolve
 * or which internal address answered; that detail goes to the server log only. Stored and
 * answered as a short code (`timedOut`, `refusedStatus:503`, `addressRefused:loopback`) that
 * the web translates.
 */
import { z } from 'zod';
import { OUTBOUND_ADDRESS_RULES, type OutboundAddressRule } from './outboundAddress.js';

export const OutboundFailureReason = {
  /** The address is one the policy does not call (its rule says which). */
  ADDRESS_REFUSED: 'addressRefused',
  /**
   * No connection: the name does not resolve, resolves to an address the policy does not call
   * (not told apart, so that refusals do not map internal names), or the connection is refused or reset.
   */
  UNREACHABLE: 'unreachable',
  TIMED_OUT: 'timedOut',
  /** The TLS handshake failed: the certificate was not accepted. */
  TLS_FAILED: 'tlsFailed',
  /** The target answered with a status that refuses the request. */
  REFUSED_STATUS: 'refusedStatus',
  /** The target answered a redirect, which is never followed. */
  REDIRECTED: 'redirected',
  /** The target answered something that could not be used (too large, not what the protocol says). */
  BAD_ANSWER: 'badAnswer',
} as const;
export type OutboundFailureReason = (typeof OutboundFailureReason)[keyof typeof OutboundFailureReason];

export type OutboundFailure =
  | { readonly reason: typeof OutboundFailureReason.ADDRESS_REFUSED; readonly rule: OutboundAddressRule }
  | {
      readonly reason: typeof OutboundFailureReason.REFUSED_STATUS | typeof OutboundFailureReason.REDIRECTED;
      readonly status: number;
    }
  | {
      readonly reason:
        | typeof OutboundFailureReason.UNREACHABLE
        | typeof OutboundFailureReason.TIMED_OUT
        | typeof OutboundFailureReason.TLS_FAILED
        | typeof OutboundFailureReason.BAD_ANSWER;
    };

/** The failure as its code. */
export function outboundFailureCode(failure: OutboundFailure): string {
  if (failure.reason === OutboundFailureReason.ADDRESS_REFUSED) return `${failure.reason}:${failure.rule}`;
  if ('status' in failure) return `${failure.reason}:${failure.status}`;
  return failure.reason;
}

const PLAIN_REASONS: ReadonlySet<string> = new Set([
  OutboundFailureReason.UNREACHABLE,
  OutboundFailureReason.TIMED_OUT,
  OutboundFailureReason.TLS_FAILED,
  OutboundFailureReason.BAD_ANSWER,
]);
const STATUS = /^[1-5][0-9]{2}$/;

/** The failure a code names, or null for anything that is not such a code. */
export function parseOutboundFailure(code: string | null | undefined): OutboundFailure | null {
  if (typeof code !== 'string') return null;
  const [reason, detail, ...rest] = code.split(':');
  if (rest.length > 0 || reason === undefined) return null;
  if (detail === undefined) {
    return PLAIN_REASONS.has(reason) ? ({ reason } as OutboundFailure) : null;
  }
  if (reason === OutboundFailureReason.ADDRESS_REFUSED) {
    const rule = OUTBOUND_ADDRESS_RULES.find((candidate) => candidate === detail);
    return rule ? { reason, rule } : null;
  }
  if (
    (reason === OutboundFailureReason.REFUSED_STATUS || reason === OutboundFailureReason.REDIRECTED) &&
    STATUS.test(detail)
  ) {
    return { reason, status: Number(detail) };
  }
  return null;
}

/** A failure code as answered (`satcom_target.last_error`, an error's `fields.reason`). */
export const OutboundFailureCodeSchema = z
  .string()
  .refine((code) => parseOutboundFailure(code) !== null, 'validation.invalid')
  .describe(
    'Why an outbound call failed: unreachable, timedOut, tlsFailed, badAnswer, refusedStatus:N, redirected:N or addressRefused:<loopback|linkLocal|reserved|private>',
  );

const ADDRESS_TEXTS: Readonly<Record<OutboundAddressRule, string>> = {
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  reserved: 'a reserved address',
  private: 'a private address outside the allowed networks',
};

/** The failure in the API's English (an error's message); the web translates the code instead. */
export function outboundFailureMessage(failure: OutboundFailure): string {
  switch (failure.reason) {
    case OutboundFailureReason.ADDRESS_REFUSED:
      return `the service's address is not allowed (${ADDRESS_TEXTS[failure.rule]})`;
    case OutboundFailureReason.UNREACHABLE:
      return 'the service could not be reached, or its address is not allowed';
    case OutboundFailureReason.TIMED_OUT:
      return 'the service did not answer in time';
    case OutboundFailureReason.TLS_FAILED:
      return "the service's TLS certificate was not accepted";
    case OutboundFailureReason.REFUSED_STATUS:
      return `the service refused the request with HTTP status ${failure.status}`;
    case OutboundFailureReason.REDIRECTED:
      return `the service answered a redirect (HTTP ${failure.status}), which is not followed`;
    case OutboundFailureReason.BAD_ANSWER:
      return "the service's answer could not be used";
  }
}
