import { ROUTES } from '@halo/shared';

/**
 * Where a visitor was going when the console sent them to log in (an alarm mail's link, a
 * shared saved view): kept in the login route's history state, carried through the second
 * factor, and opened once they are in, instead of Home. Only a path of this console is taken
 * (it comes from the router's own location; a `//host` is refused all the same).
 */
export interface ReturnState {
  readonly returnTo?: string;
}

/** Pages of logging in itself: never an address to come back to. */
const AUTH_PAGES: ReadonlySet<string> = new Set([ROUTES.login, ROUTES.otpVerification, ROUTES.sessionExpired]);

/**
 * The state that sends a visitor back to `location` after logging in (none for Home, which is
 * where they land anyway, nor for the pages of logging in).
 */
export function returnStateOf(location: {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}): ReturnState | undefined {
  if (location.pathname === ROUTES.home || AUTH_PAGES.has(location.pathname)) return undefined;
  return { returnTo: `${location.pathname}${location.search}${location.hash}` };
}

/** Where to go once logged in: the address asked for before, or Home. */
export function returnToOf(state: unknown): string {
  const returnTo = (state as ReturnState | null | undefined)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : ROUTES.home;
}
