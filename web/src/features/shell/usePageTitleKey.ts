import { useMatches } from 'react-router-dom';

/** What a route declares in its `handle`: the i18n key of its title. */
export interface RouteHandle {
  readonly titleKey: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).titleKey === 'string';
}

/** The title key of the deepest matched route that has one. */
export function usePageTitleKey(): string | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return null;
}
