import { pathOf, type EndpointRequest, type EndpointSpec } from './endpoint.js';

/** A query object as URL parameters: lists comma-separated (`devices=1,2,3`), absent values left out. */
export function searchOf(query: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) search.set(name, value.join(','));
    else if (typeof value === 'string') search.set(name, value);
    else if (typeof value === 'number' || typeof value === 'boolean') search.set(name, `${value}`);
    else search.set(name, JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path and query of a call (relative to API_BASE): what every client of the contract sends. */
export function requestPathOf<Spec extends EndpointSpec>(endpoint: Spec, request: EndpointRequest<Spec>): string {
  const { params, query } = request as { params?: Record<string, string | number>; query?: unknown };
  return `${pathOf(endpoint, params as never)}${searchOf(query)}`;
}
