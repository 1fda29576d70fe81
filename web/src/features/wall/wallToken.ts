/** Where a wall display keeps the token a manager issued for it (the `#display=` address). */
export const WALL_TOKEN_STORAGE_KEY = 'haloWallDisplayToken';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Takes `#display=<token>` from the address into local storage and removes it from the
 * address bar, so the token is not left on screen or in history. Answers the stored token.
 */
export function adoptWallToken(
  location: Location = window.location,
  storage: Storage = window.localStorage,
): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('display');
  if (fromHash && TOKEN_PATTERN.test(fromHash)) {
    storage.setItem(WALL_TOKEN_STORAGE_KEY, fromHash);
    window.history.replaceState(null, '', `${location.pathname}${location.search}`);
  }
  const stored = storage.getItem(WALL_TOKEN_STORAGE_KEY);
  return stored && TOKEN_PATTERN.test(stored) ? stored : null;
}

export function forgetWallToken(storage: Storage = window.localStorage): void {
  storage.removeItem(WALL_TOKEN_STORAGE_KEY);
}
