import { networkInterfaces } from 'node:os';
import { createRequire } from 'node:module';
import { API, officialVersion } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';

const { version: providerVersion } = createRequire(import.meta.url)('../../../package.json') as { version: string };

/** The address the product is reached at: the public URL's host, else the first external IPv4. */
export function productAddress(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  if (host && host !== 'localhost' && host !== '127.0.0.1') return host;
  for (const addresses of Object.values(networkInterfaces())) {
    const external = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (external) return external.address;
  }
  return '127.0.0.1';
}

/**
 * GET /versions: the official {ip}-12.6 string and the internal components. This provider
 * implements auth, config, ca and monitoring itself; the analyzer is not part of it.
 */
export const getVersions = route(API.system.versions, (context) => () => ({
  official: officialVersion(productAddress(context.config.publicUrl)),
  internal: { auth: providerVersion, config: providerVersion, ca: providerVersion, monitoring: providerVersion },
}));
