import { decodeHistory, encodeHistorySamples } from '@halo/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYBACK_SLICE, PLAYBACK_STEP_MS, PLAYBACK_STEPS, useHistoryPlayback } from './useHistoryPlayback';

const FROM = 1_000_000;
const SPAN = 80_000;

/** A window of SPAN ms with a sample every 10 s, all at one place. */
const history = () =>
  decodeHistory(
    encodeHistorySamples(
      { from: FROM, to: FROM + SPAN, extent: { west: 34, south: 31, east: 35, north: 33 } },
      Array.from({ length: 8 }, (_, index) => ({
        longitude: 34.5,
        latitude: 32,
        time: FROM + index * 10_000,
        connected: index % 2 === 0,
        linksOnline: 1,
        linksTotal: 2,
        bestSignal: 50,
      })),
    ),
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const render = (initial: ReturnType<typeof history> | null) =>
  renderHook(
    (props: { history: ReturnType<typeof history> | null }) => useHistoryPlayback(props.history, 'noConnection'),
    {
      initialProps: { history: initial },
    },
  );

describe('useHistoryPlayback', () => {
  it('has nothing to draw without a history', () => {
    const { result } = render(null);
    expect(result.current.data).toBeNull();
    expect(result.current.span).toBe(0);
  });

  it('shows the whole window, then a slice that playing moves on until the end', () => {
    const { result } = render(history());
    expect(result.current.playhead).toBeNull();
    expect(result.current.span).toBe(SPAN);
    expect(result.current.slice).toBe(SPAN * PLAYBACK_SLICE);
    expect(result.current.data?.length).toBe(8);

    act(() => result.current.togglePlaying());
    expect(result.current.playing).toBe(true);
    act(() => {
      vi.advanceTimersByTime(PLAYBACK_STEP_MS);
    });
    const step = (SPAN - SPAN * PLAYBACK_SLICE) / PLAYBACK_STEPS;
    expect(result.current.playhead).toBe(FROM + SPAN * PLAYBACK_SLICE + step);
    // The slice of 10 s ending just after 10 s: the sample at 10 s alone.
    expect(result.current.data?.length).toBe(1);
    act(() => {
      vi.advanceTimersByTime(PLAYBACK_STEP_MS * 17);
    });
    // Ending just after 20 s: the sample at 20 s; a playhead moved on, not the whole window.
    expect(result.current.playhead).toBeCloseTo(FROM + SPAN * PLAYBACK_SLICE + 18 * step, 3);
    expect(result.current.data?.length).toBe(1);

    // Step by step, as the page renders between steps.
    for (let step = 18; step <= PLAYBACK_STEPS + 1 && result.current.playing; step += 1) {
      act(() => {
        vi.advanceTimersByTime(PLAYBACK_STEP_MS);
      });
    }
    expect(result.current.playing).toBe(false);
    expect(result.current.playhead).toBeNull();
    expect(result.current.data?.length).toBe(8);
  });

  it('stops where the slider is put, and shows the whole window at its end', () => {
    const { result } = render(history());
    act(() => result.current.togglePlaying());
    act(() => result.current.seek(FROM + 45_000));
    expect(result.current.playing).toBe(false);
    expect(result.current.playhead).toBe(FROM + 45_000);
    // From 35 s to 45 s: the sample at 40 s.
    expect(result.current.data?.length).toBe(1);
    act(() => {
      vi.advanceTimersByTime(PLAYBACK_STEP_MS * 4);
    });
    expect(result.current.playhead).toBe(FROM + 45_000);
    act(() => result.current.seek(FROM + SPAN));
    expect(result.current.playhead).toBeNull();
  });

  it('starts a new history at its end, stopped', () => {
    const { result, rerender } = render(history());
    act(() => result.current.seek(FROM + 45_000));
    act(() => result.current.togglePlaying());
    rerender({ history: history() });
    expect(result.current.playhead).toBeNull();
    expect(result.current.playing).toBe(false);
  });
});
