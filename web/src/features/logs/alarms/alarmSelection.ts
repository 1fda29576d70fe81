import type { Alarm } from '@halo/shared';
import { useMemo, useState } from 'react';

export interface AlarmSelection {
  /** The selected alarms' ids, among those shown. */
  readonly selected: ReadonlySet<number>;
  readonly allShown: boolean;
  /** Ticks or unticks one; with shift, every alarm between it and the last one clicked too. */
  readonly toggle: (id: number, on: boolean, range: boolean) => void;
  readonly toggleAll: (on: boolean) => void;
  readonly clear: () => void;
}

/**
 * The alarms ticked on screen. A new view (other filters, another environment) starts with
 * none; alarms that leave the list (cleared and filtered out, say) leave the selection.
 */
export function useSelection(alarms: readonly Alarm[], view: string): AlarmSelection {
  const [state, setState] = useState<{ view: string; ids: ReadonlySet<number>; anchor: number | null }>({
    view,
    ids: new Set(),
    anchor: null,
  });
  const current = state.view === view ? state : { view, ids: new Set<number>(), anchor: null };
  const shownIds = useMemo(() => alarms.map((alarm) => alarm.id), [alarms]);
  const selected = useMemo(() => {
    const shown = new Set(shownIds);
    return new Set([...current.ids].filter((id) => shown.has(id)));
  }, [current.ids, shownIds]);
  return {
    selected,
    allShown: shownIds.length > 0 && selected.size === shownIds.length,
    toggle(id, on, range) {
      const ids = new Set(selected);
      const from = range && current.anchor !== null ? shownIds.indexOf(current.anchor) : -1;
      const to = shownIds.indexOf(id);
      const between = from >= 0 && to >= 0 ? shownIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
      for (const each of between) {
        if (on) ids.add(each);
        else ids.delete(each);
      }
      setState({ view, ids, anchor: id });
    },
    toggleAll(on) {
      setState({ view, ids: on ? new Set(shownIds) : new Set(), anchor: null });
    },
    clear() {
      setState({ view, ids: new Set(), anchor: null });
    },
  };
}
