import { useCallback, useEffect, useRef, useState } from 'react';
import type { AreaPage, AreaSummary, FleetDrill, MapArea } from '../../lib/fleet';
import { sameArea } from './drillCell';

/** Devices a page of the cell panel lists. */
export const AREA_PAGE_SIZE = 50;
/** The open list follows the live fleet, asked again at most this often (a dense cell is sorted whole). */
export const LIST_REFRESH_MS = 1000;
/** An answer not back by then is taken as lost (the feed was replaced), so asking goes on. */
export const ANSWER_LOST_MS = 2000;

export interface HoveredArea {
  readonly area: MapArea;
  readonly summary: AreaSummary;
}

export interface FleetDrillOptions {
  /** The live heat shows: only then does the worker hold what is on the map. */
  readonly active: boolean;
  /** Changes with every live heat: what was answered may have changed. */
  readonly version: number;
  /** The map has yet to open on the fleet: ask for its bounds. */
  readonly wantBounds: boolean;
}

interface Asked {
  id: number;
  at: number;
}

/** A question asked and not yet answered (nor lost). */
const pending = (asked: Asked | null) => asked !== null && Date.now() - asked.at < ANSWER_LOST_MS;

/**
 * The live drill-down over the fleet worker: what the cell under the pointer holds, the open
 * cell's devices a page at a time, and the fleet's bounds. One hover question at a time is out:
 * the pointer crossing ten cells while the worker answers costs one more question, for the cell
 * it stopped on, not ten. Answers follow the live fleet (asked again with each heat).
 */
export function useFleetDrill(drill: FleetDrill, { active, version, wantBounds }: FleetDrillOptions) {
  const nextId = useRef(0);
  const hoverAsk = useRef<{ wanted: MapArea | null; asked: Asked | null; stale: boolean }>({
    wanted: null,
    asked: null,
    stale: false,
  });
  const listAsk = useRef<(Asked & { area: MapArea; start: number }) | null>(null);
  const boundsAsk = useRef<Asked | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [hovered, setHovered] = useState<HoveredArea | null>(null);
  const [page, setPage] = useState<AreaPage | null>(null);
  const [bounds, setBounds] = useState<MapArea | null | undefined>(undefined);
  // Leaving live (or coming back): nothing hovered, nothing listed.
  const [seenActive, setSeenActive] = useState(active);
  if (active !== seenActive) {
    setSeenActive(active);
    setHovered(null);
    setPage(null);
  }

  const askHover = useCallback(() => {
    const state = hoverAsk.current;
    if (!active || state.wanted === null || pending(state.asked)) return;
    nextId.current += 1;
    state.asked = { id: nextId.current, at: Date.now() };
    state.stale = false;
    drill.ask({ type: 'drill.summarise', id: nextId.current, area: state.wanted });
  }, [drill, active]);

  const askList = useCallback(
    (area: MapArea, start: number) => {
      nextId.current += 1;
      listAsk.current = { id: nextId.current, at: Date.now(), area, start };
      drill.ask({ type: 'drill.list', id: nextId.current, area, start, count: AREA_PAGE_SIZE });
    },
    [drill],
  );

  useEffect(() => {
    if (!active) return undefined;
    const state = hoverAsk.current;
    const subscription = drill.answers$.subscribe((answer) => {
      switch (answer.type) {
        case 'drill.summary': {
          if (answer.id !== state.asked?.id) return;
          state.asked = null;
          if (sameArea(answer.area, state.wanted)) setHovered({ area: answer.area, summary: answer.summary });
          // The pointer moved on, or the fleet changed, while the worker answered.
          if (!sameArea(answer.area, state.wanted) || state.stale) askHover();
          return;
        }
        case 'drill.page':
          if (answer.id === listAsk.current?.id) setPage(answer.page);
          return;
        case 'drill.bounds':
          if (answer.id === boundsAsk.current?.id) setBounds(answer.bounds);
          return;
      }
    });
    return () => {
      subscription.unsubscribe();
      state.wanted = null;
      state.asked = null;
      listAsk.current = null;
      boundsAsk.current = null;
    };
  }, [drill, active, askHover]);

  // A new heat: the hovered cell's and the open list's answers may have changed.
  useEffect(() => {
    if (!active) return undefined;
    hoverAsk.current.stale = true;
    askHover();
    const open = listAsk.current;
    if (!open || refreshTimer.current !== null) return undefined;
    refreshTimer.current = setTimeout(
      () => {
        refreshTimer.current = null;
        const still = listAsk.current;
        if (still) askList(still.area, still.start);
      },
      Math.max(0, open.at + LIST_REFRESH_MS - Date.now()),
    );
    return undefined;
  }, [version, active, askHover, askList]);
  useEffect(
    () => () => {
      if (refreshTimer.current !== null) clearTimeout(refreshTimer.current);
    },
    [],
  );

  // The fleet's bounds, once: the view the map opens on.
  useEffect(() => {
    if (!active || !wantBounds || bounds !== undefined || pending(boundsAsk.current)) return;
    nextId.current += 1;
    boundsAsk.current = { id: nextId.current, at: Date.now() };
    drill.ask({ type: 'drill.bound', id: nextId.current });
  }, [drill, active, wantBounds, bounds, version]);

  /** The pointer is over this cell (null: over none, or over a device). */
  const hover = useCallback(
    (area: MapArea | null) => {
      const state = hoverAsk.current;
      if (sameArea(area, state.wanted)) return;
      state.wanted = area;
      if (area === null) setHovered(null);
      else askHover();
    },
    [askHover],
  );

  /** Lists a cell's devices from `start` (null: closes the list). */
  const list = useCallback(
    (area: MapArea | null, start = 0) => {
      if (area === null) {
        listAsk.current = null;
        setPage(null);
        return;
      }
      setPage((current) => (current && sameArea(current.area, area) ? current : null));
      askList(area, start);
    },
    [askList],
  );

  return { hovered, page, bounds, hover, list };
}
