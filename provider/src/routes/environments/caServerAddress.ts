import { caServiceUrl } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { assertCallableAddress } from '../../net/assertCallableAddress.js';

/**
 * A custom CA address that names a loopback, link-local, reserved or (unless
 * HALO_CA_ALLOWED_NETWORKS opens it) private address is refused when it is saved, with error 1
 * on the field naming the rule. Host names are checked again on what they resolve to whenever
 * the service is called.
 */
export function assertCaServerAddressAllowed(context: ProviderContext, address: string | null | undefined): void {
  if (!address) return;
  assertCallableAddress('ca_server_address', caServiceUrl(address).hostname, context.config.caNetworks);
}
