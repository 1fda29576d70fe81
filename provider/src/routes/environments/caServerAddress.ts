import { ErrorCode, ValidationKey } from '@halo/shared';
import { caServiceUrl } from '../../ca/customCertificateAuthority.js';
import { isCallableAddress } from '../../net/outboundCall.js';
import type { ProviderContext } from '../../context.js';
import { refuse } from '../../http/httpError.js';

/**
 * A custom CA address that names a loopback, link-local or (unless HALO_CA_ALLOWED_NETWORKS
 * opens it) private address is refused when it is saved, with error 1 on the field. Host
 * names are checked again on what they resolve to whenever the service is called.
 */
export function assertCaServerAddressAllowed(context: ProviderContext, address: string | null | undefined): void {
  if (!address) return;
  let hostname: string;
  try {
    hostname = caServiceUrl(address).hostname;
  } catch {
    hostname = '';
  }
  if (hostname === '' || !isCallableAddress(hostname, context.config.caNetworks)) {
    throw refuse(
      ErrorCode.MISSING_VALUES,
      {
        ca_server_address: ValidationKey.INVALID,
      },
      { message: 'The CA service address may not be a loopback, link-local or private address' },
    );
  }
}
