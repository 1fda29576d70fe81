import type { Request } from 'express';

/**
 * The address the console is reached at, for the links the provider writes (alarm mail and
 * digests, webhook payloads, password reset and e-mail confirmation links, wall-display URLs).
 *
 * HALO_PUBLIC_URL when it is set (deploy/configuration.md), always. Without it:
 * - a link made for the signed-in caller's own use (the wall display they create, the
 *   confirmation of their own new e-mail address) points where their request came from (behind
 *   the gateway, the browser's host: X-Forwarded-Host, trusted from loopback): a forged host
 *   only misleads the one who forged it;
 * - a link that goes to anyone else (alarm mail, digests, webhooks, a reset link asked for
 *   without a session) never takes a host a request named, which anyone can forge (a reset link
 *   to the attacker's host would hand them the token): it points where the installation's own
 *   administrators (users of the root environment) last signed in from, else the gateway's
 *   default address on this machine.
 */
export class ConsoleAddress {
  private administrators: string | undefined;

  constructor(
    private readonly configured: string | undefined,
    private readonly fallback: string,
  ) {}

  /** For links that reach others: configured, where the administrators sign in, or the default. */
  forEveryone(): string {
    return this.configured ?? this.administrators ?? this.fallback;
  }

  /** For a link made for the signed-in caller's own use. */
  forCaller(request: Request): string {
    return this.configured ?? originOf(request) ?? this.forEveryone();
  }

  /** A root-environment user signed in through this request: their address is the installation's. */
  administratorSignedIn(request: Request): void {
    this.administrators = originOf(request) ?? this.administrators;
  }
}

/** The scheme and host (with its port) a request was made to, when it names a well-formed one. */
export function originOf(request: Pick<Request, 'protocol' | 'host'>): string | undefined {
  const host = request.host;
  if (!host || (request.protocol !== 'http' && request.protocol !== 'https')) return undefined;
  try {
    const url = new URL(`${request.protocol}://${host}`);
    // Only a bare host and port: anything else a header could smuggle in is not an address.
    if (url.host !== host.toLowerCase() || url.username || url.password) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}
