import type { TimelineSegment } from '@halo/shared';

type SegmentState = TimelineSegment['state'];

/** One recorded change: from `at` on, the state is `state`. */
export interface StateChange {
  readonly at: number;
  readonly state: SegmentState;
}

export interface SegmentWindow {
  readonly from: number;
  readonly to: number;
  /** Up to when the changes tell the state (now, or where a capped read stopped); unknown after it. */
  readonly knownUntil: number;
}

export const segmentStateOf = (value: unknown): SegmentState =>
  value === null || value === undefined ? null : Number(value) === 1 ? 1 : 0;

/**
 * The stretches of one state over [from, to): the state in force at `from` (the last change
 * before it; null when there was none), then each change in the window, equal neighbours
 * merged; unknown (null) from `knownUntil` to `to`. `changes` are in time order, within the window.
 */
export function segmentsOf(
  before: SegmentState,
  changes: readonly StateChange[],
  { from, to, knownUntil }: SegmentWindow,
): TimelineSegment[] {
  const until = Math.min(to, Math.max(from, knownUntil));
  const segments: TimelineSegment[] = [];
  const push = (start: number, end: number, state: SegmentState) => {
    if (end <= start) return;
    const previous = segments.at(-1);
    if (previous && previous.state === state && previous.to === start) previous.to = end;
    else segments.push({ from: start, to: end, state });
  };
  let start = from;
  let state = before;
  for (const change of changes) {
    if (change.at >= until) break;
    if (change.at < from || change.state === state) continue;
    push(start, change.at, state);
    start = change.at;
    state = change.state;
  }
  push(start, until, state);
  push(until, to, null);
  return segments;
}

/**
 * A link's segments as its device's connection bounds them: down while the device is not
 * connected (the recorder writes no link changes then), unknown while its connection is. Both
 * lists cover the same window without gaps.
 */
export function withinConnection(
  link: readonly TimelineSegment[],
  connection: readonly TimelineSegment[],
): TimelineSegment[] {
  const segments: TimelineSegment[] = [];
  let linkIndex = 0;
  let connectionIndex = 0;
  while (linkIndex < link.length && connectionIndex < connection.length) {
    const own = link[linkIndex]!;
    const bound = connection[connectionIndex]!;
    const start = Math.max(own.from, bound.from);
    const end = Math.min(own.to, bound.to);
    const state = bound.state === 1 ? own.state : bound.state;
    const previous = segments.at(-1);
    if (end > start) {
      if (previous && previous.state === state && previous.to === start) previous.to = end;
      else segments.push({ from: start, to: end, state });
    }
    if (own.to <= bound.to) linkIndex += 1;
    if (bound.to <= own.to) connectionIndex += 1;
  }
  return segments;
}
