import { API_BASE } from './paths.js';
import { pathParameterNames, type EndpointSpec } from './endpoint.js';
import { ENDPOINTS } from './contract.js';

/** What a request names when it is none of the declared routes: one label, however many such paths. */
export const UNMATCHED_ROUTE = 'unmatched';

const PARAMETER = /\{[A-Za-z_][A-Za-z0-9_]*\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

interface CompiledRoute {
  readonly method: string;
  readonly pattern: RegExp;
  readonly template: string;
}

/**
 * The declared route a request took, as its template (`/api/v1/config/{environmentId}/devices/{id}`),
 * for labels that must stay few however many ids and paths callers send (metrics). Fixed paths
 * win over parameterised ones of the same shape (`devices/import` before `devices/{id}`), as the
 * provider registers them; anything else is UNMATCHED_ROUTE.
 *
 * @param own the process's own fixed paths beside the API (`/healthz`, `/metrics`).
 */
export function routeTemplateMatcher(
  own: readonly string[] = [],
  endpoints: readonly EndpointSpec[] = ENDPOINTS,
): (method: string, url: string) => string {
  const compiled: CompiledRoute[] = [...endpoints]
    .sort((a, b) => pathParameterNames(a.path).length - pathParameterNames(b.path).length)
    .map((endpoint) => {
      const template = `${API_BASE}${endpoint.path}`;
      const pattern = escapeRegExp(template).replace(PARAMETER, '[^/]+');
      return { method: endpoint.method.toUpperCase(), pattern: new RegExp(`^${pattern}/?$`), template };
    });
  const fixed = new Set(own);
  return (method, url) => {
    const path = url.split('?', 1)[0] ?? '';
    if (fixed.has(path)) return path;
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return compiled.find((route) => route.method === wanted && route.pattern.test(path))?.template ?? UNMATCHED_ROUTE;
  };
}
