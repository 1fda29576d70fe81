import { createRequire } from 'node:module';
import { API, officialVersion } from '@halo/shared';
import type { Request } from 'express';
import { route } from '../../http/endpointRoute.js';

const { version: providerVersion } = createRequire(import.meta.url)('../../../package.json') as { version: string };

/**
 * The address this server was reached at, for the {ip}-12.6 version string: the host the
 * caller asked for (behind the gateway, the browser's, which the gateway forwards as
 * X-Forwarded-Host and the provider trusts from loopback), without its port; the public URL's
 * host when a request names none. Never an address picked from this machine's interfaces:
 * that one may be nobody's way in (a documentation address, a container's bridge).
 */
export function productAddress(request: Pick<Request, 'hostname'>, publicUrl: string): string {
  const host = request.hostname || new URL(publicUrl).hostname;
  // An IPv6 literal comes bracketed, as in a URL.
  return host.replace(/^\[(.*)\]$/, '$1');
}

/**
 * GET /versions: the official {ip}-12.6 string and the internal components. This provider
 * implements auth, config, ca and monitoring itself; the analyzer is not part of it.
 */
export const getVersions = route(API.system.versions, (context) => ({ request }) => ({
  official: officialVersion(productAddress(request, context.consoleAddress.forEveryone())),
  internal: { auth: providerVersion, config: providerVersion, ca: providerVersion, monitoring: providerVersion },
}));
