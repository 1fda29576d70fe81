export interface OriginPolicy {
  /** Origin of HALO_PUBLIC_URL, when set. */
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
 * Whether a socket handshake's Origin may open the live socket: the page's own host (same
 * origin), HALO_PUBLIC_URL's origin when set, or one of HALO_ALLOWED_ORIGINS. Any other page
 * is refused, whether or not HALO_PUBLIC_URL is set. A handshake without an Origin header
 * comes from no browser page (browsers send it on every websocket, though not on a
 * same-origin polling GET) and still has to prove its token.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, policy: OriginPolicy): boolean {
  if (origin === undefined) return true;
  const parsed = originOf(origin);
  if (!parsed) return false;
  if (parsed.origin === policy.publicUrl || policy.allowedOrigins.includes(parsed.origin)) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}
