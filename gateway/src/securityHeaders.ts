import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A Host header fit to appear in a policy: no spaces, quotes or semicolons to smuggle directives. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * Security headers for everything the gateway answers. The policy allows the app's own
 * scripts and styles, inline style attributes (React and Blueprint position things with them),
 * data: and blob: images (map tiles, QR codes), workers from blob: (map rendering), the live
 * socket on the same host over ws: or wss: ('self' alone does not cover ws: everywhere) and,
 * when HeatSight draws a MapLibre style, that style's origin (its tiles, glyphs and sprites).
 */
export function securityHeaders(publicUrl: string | undefined, mapStyleUrl?: string): RequestHandler {
  const publicHost = publicUrl === undefined ? undefined : new URL(publicUrl).host;
  // A style of the gateway's own (a path) is on 'self' already.
  const mapOrigins = mapStyleUrl === undefined || mapStyleUrl.startsWith('/') ? [] : [new URL(mapStyleUrl).origin];
  const socketSources = (request: IncomingMessage) => {
    const host = publicHost ?? request.headers.host;
    return host !== undefined && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
  };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketSources, ...mapOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Only meaningful, and only safe to promise, when users reach the console over https.
    strictTransportSecurity: publicUrl?.startsWith('https:') ? { maxAge: 15_552_000 } : false,
    xFrameOptions: { action: 'deny' },
  });
}
