import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import {
  isKeepListSearchNavigationState,
  isListSearchNavigationState,
  KEEP_LIST_SEARCH,
  listSearch,
  setListSearch,
} from '../../crud';
import type { FleetTableQuery } from '../../lib/fleet';
import { devicesViewOf, withDevicesView } from './devicesView';

/** The search list the Devices screen's search box is (the CRUD kit's, which global search fills in). */
const SEARCH_LIST = 'devices';

/** A change of the view: the parts given replace those in the address, the rest stays. */
export type DevicesViewChange = Partial<FleetTableQuery>;

/**
 * The Devices table's view (filters, sort, search) lives in the address: read from it, written
 * to it in place (replace, not push, so typing leaves no trail in the history), restored by
 * opening it. The search box is the CRUD kit's (listSearchStore.ts): a navigation from
 * elsewhere (a link, a saved view, back and forward) sets it to what the navigation carried (a
 * global-search result) or else to the address's `q`; what is typed there goes to the address,
 * marked KEEP_LIST_SEARCH so that neither the kit nor this resets the box to what was written
 * (a keystroke may already have followed).
 */
export function useDevicesView(): {
  readonly view: FleetTableQuery;
  readonly changeView: (change: DevicesViewChange) => void;
} {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const view = useMemo(() => devicesViewOf(params), [params]);

  // The address as last written or rendered, whichever is later: a change builds on it, so
  // two changes before the page renders again (typing, then a filter) both stay.
  const address = useRef({ params, setParams });
  useLayoutEffect(() => {
    address.current = { params, setParams };
  }, [params, setParams]);
  const changeView = useCallback((change: DevicesViewChange) => {
    const next = { ...devicesViewOf(address.current.params), ...change };
    const written = withDevicesView(address.current.params, next);
    address.current = { ...address.current, params: written };
    address.current.setParams(written, { replace: true, state: KEEP_LIST_SEARCH });
  }, []);

  // The CRUD screen (a child: its effects run first) resets the box on a navigation from
  // elsewhere; this then sets it to what the navigation carried, else to the address's search.
  // Back and forward (POP, also the first address) bring an address whose search the box must show.
  useEffect(() => {
    if (isKeepListSearchNavigationState(location.state) && navigationType !== NavigationType.Pop) return;
    const carried = isListSearchNavigationState(location.state) ? location.state.listSearch : null;
    setListSearch(SEARCH_LIST, carried ?? devicesViewOf(new URLSearchParams(location.search)).search);
  }, [location.key, location.state, location.search, navigationType]);

  // What the box says once a navigation's effects are over (a microtask later: the kit's reset
  // and the correction above both ran) goes to the address, if it differs.
  useEffect(() => {
    const store = listSearch(SEARCH_LIST);
    let queued = false;
    let closed = false;
    const subscription = store.subscribe(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        const text = store.value;
        if (!closed && text !== devicesViewOf(address.current.params).search) changeView({ search: text });
      });
    });
    return () => {
      closed = true;
      subscription.unsubscribe();
    };
  }, [changeView]);

  return { view, changeView };
}
