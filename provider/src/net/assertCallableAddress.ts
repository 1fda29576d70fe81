import { ErrorCode, outboundAddressMessage, outboundAddressProblemKey } from '@halo/shared';
import { refuse } from '../errors/httpError.js';
import { refusalOf, type OutboundPolicy } from './outboundCall.js';

/**
 * Refuses, when it is saved, an address the policy would never call: error 1 on `field` with
 * the rule that refuses it (loopback, link-local, reserved, or private outside the purpose's
 * setting), so the form can say why and which setting would allow it. Host names pass here
 * and are checked on what they resolve to whenever they are called.
 */
export function assertCallableAddress(field: string, host: string, policy: OutboundPolicy): void {
  const rule = refusalOf(host, policy);
  if (rule === null) return;
  throw refuse(
    ErrorCode.MISSING_VALUES,
    { [field]: outboundAddressProblemKey(rule, policy.purpose) },
    { message: outboundAddressMessage(rule, policy.purpose, host.replace(/^\[|\]$/g, '')) },
  );
}
