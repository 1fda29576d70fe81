export interface OriginPolicy {
  /** Origin of HALO_PUBLIC_URL; when unset, any origin may open the socket. */
  readonly publicUrl: string | undefined;
  /** HALO_ALLOWED_ORIGINS. */
  readonly allowedOrigins: readonly string[];
}

const originOf = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/**
 * Whether a socket handshake's Origin may open the live socket. With HALO_PUBLIC_URL set, the
 * origin must be that URL's, one of HALO_ALLOWED_ORIGINS, or the page's own host (same origin).
 * A handshake without an Origin header comes from no browser page (browsers send it on every
 * websocket, though not on a same-origin polling GET) and still has to prove its token.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, policy: OriginPolicy): boolean {
  if (policy.publicUrl === undefined || origin === undefined) return true;
  const parsed = originOf(origin);
  if (!parsed) return false;
  if (parsed.origin === policy.publicUrl || policy.allowedOrigins.includes(parsed.origin)) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}
