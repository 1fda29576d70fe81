import {
  OutboundFailureReason,
  parseOutboundFailure,
  type OutboundAddressRule,
  type OutboundFailureReason as Reason,
} from '@halo/shared';
import type { TFunction } from 'i18next';

const FAILURE_KEYS: Readonly<Record<Reason, string>> = {
  addressRefused: 'outbound.failure.addressRefused',
  unreachable: 'outbound.failure.unreachable',
  timedOut: 'outbound.failure.timedOut',
  tlsFailed: 'outbound.failure.tlsFailed',
  refusedStatus: 'outbound.failure.refusedStatus',
  redirected: 'outbound.failure.redirected',
  badAnswer: 'outbound.failure.badAnswer',
};

const RULE_KEYS: Readonly<Record<OutboundAddressRule, string>> = {
  loopback: 'outbound.rule.loopback',
  linkLocal: 'outbound.rule.linkLocal',
  reserved: 'outbound.rule.reserved',
  private: 'outbound.rule.private',
};

/**
 * The text of why an outbound call failed (a satcom target's last error, a custom CA service's
 * failure), from its shared code; null for anything that is not such a code.
 */
export function outboundFailureText(t: TFunction, code: unknown): string | null {
  const failure = parseOutboundFailure(typeof code === 'string' ? code : null);
  if (failure === null) return null;
  if (failure.reason === OutboundFailureReason.ADDRESS_REFUSED) {
    return t(FAILURE_KEYS[failure.reason], { rule: t(RULE_KEYS[failure.rule]) });
  }
  return t(FAILURE_KEYS[failure.reason], 'status' in failure ? { status: failure.status } : {});
}
