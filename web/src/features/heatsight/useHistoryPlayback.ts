import type { HeatSightHistory, HeatSightMetric } from '@halo/shared';
import { useEffect, useMemo, useState } from 'react';
import { historyHeat, historySlice, type HeatData } from './heatLayerData';

/** Playback shows this share of the window at a time, and moves through it in this many steps. */
export const PLAYBACK_SLICE = 1 / 8;
export const PLAYBACK_STEPS = 120;
export const PLAYBACK_STEP_MS = 250;

/**
 * A history's playback: the heat of the whole window, or of a slice of it ending at the
 * playhead, which playing moves on step by step until the end (the whole window again). A new
 * history starts at the end: the whole window.
 */
export function useHistoryPlayback(history: HeatSightHistory | null, metric: HeatSightMetric) {
  const [playhead, setPlayhead] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const heat = useMemo(() => (history ? historyHeat(history, metric) : null), [history, metric]);

  const [seenHistory, setSeenHistory] = useState(history);
  if (history !== seenHistory) {
    setSeenHistory(history);
    setPlayhead(null);
    setPlaying(false);
  }
  const span = history ? history.to - history.from : 0;
  const slice = span * PLAYBACK_SLICE;
  useEffect(() => {
    if (!playing || !history) return undefined;
    const timer = setInterval(() => {
      setPlayhead((current) => {
        const start = history.from + slice;
        const next = (current ?? start) + (span - slice) / PLAYBACK_STEPS;
        if (next >= history.to) {
          setPlaying(false);
          return null;
        }
        return Math.max(start, next);
      });
    }, PLAYBACK_STEP_MS);
    return () => clearInterval(timer);
  }, [playing, history, span, slice]);

  const data: HeatData | null = useMemo(() => {
    if (!heat || !history) return null;
    return playhead === null
      ? historySlice(heat, history.from, history.to)
      : historySlice(heat, playhead - slice, playhead);
  }, [heat, history, playhead, slice]);

  return {
    /** The end of the slice shown; null while the whole window shows. */
    playhead,
    playing,
    /** The window's length and the slice's, in ms. */
    span,
    slice,
    /** The heat to draw; null without a history. */
    data,
    togglePlaying: () => setPlaying((current) => !current),
    /** The slider moved: playback stops there; at the end, the whole window shows. */
    seek: (value: number) => {
      setPlaying(false);
      setPlayhead(history && value >= history.to ? null : value);
    },
  };
}
