import { ROUTES } from '@halo/shared';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Turns a route pattern of ROUTES (`/reset/:userToken`, `/admin/usage-monitoring/:id?`) into
 * a regular expression over a URL path; a trailing slash is tolerated.
 */
export function routePatternToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${escapeRegExp(segment)}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

const ROUTE_REGEXPS = Object.values(ROUTES).map(routePatternToRegExp);

/** True when the path is a page of the web app, false when the app would show its not-found page. */
export function isAppRoute(path: string): boolean {
  return ROUTE_REGEXPS.some((regExp) => regExp.test(path));
}
