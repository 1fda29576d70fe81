import { BehaviorSubject } from 'rxjs';

/** Lists whose search text the global search fills in and the side menu clears (spec section 2, Shell). */
export type SearchableList = 'environments' | 'users' | 'groups' | 'devices' | 'dataPath';

const stores = new Map<string, BehaviorSubject<string>>();

/** The search text of one list, kept while the user moves around the app. */
export function listSearch(list: string): BehaviorSubject<string> {
  let store = stores.get(list);
  if (!store) {
    store = new BehaviorSubject('');
    stores.set(list, store);
  }
  return store;
}

export function setListSearch(list: string, text: string): void {
  listSearch(list).next(text);
}

export function clearListSearch(list: string): void {
  listSearch(list).next('');
}

/**
 * Navigation state a global-search result carries; a navigation without it (the side menu,
 * a link) clears that list's search first.
 */
export interface ListSearchNavigationState {
  readonly listSearch: string;
}

/**
 * Navigation state of a screen writing its own view into its address in place (the Devices
 * table's filters and search): the list's search stays as typed, whatever the screen wrote.
 */
export const KEEP_LIST_SEARCH = { keepListSearch: true } as const;

export function isKeepListSearchNavigationState(value: unknown): value is typeof KEEP_LIST_SEARCH {
  return typeof value === 'object' && value !== null && (value as { keepListSearch?: unknown }).keepListSearch === true;
}

export function isListSearchNavigationState(value: unknown): value is ListSearchNavigationState {
  return (
    typeof value === 'object' && value !== null && typeof (value as { listSearch?: unknown }).listSearch === 'string'
  );
}
