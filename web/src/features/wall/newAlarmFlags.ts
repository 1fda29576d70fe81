import { useState } from 'react';
import type { AlarmCountTile } from '../logs';

/** How long a tile whose count of unacknowledged alarms grew stays flagged as new. */
export const NEW_ALARM_FLAG_MS = 15_000;

interface SeenCounts {
  /** The counts as last seen, by severity, and as one key. */
  readonly key: string;
  readonly counts: ReadonlyMap<number, number>;
  /** When each severity's count last grew. */
  readonly grewAt: ReadonlyMap<number, number>;
}

const keyOf = (tiles: readonly AlarmCountTile[]) => tiles.map((tile) => `${tile.severity}:${tile.count}`).join(',');

/** The counts seen after `tiles` at `now`: a count above the one seen before has grown (the first counts seen have not). */
function nextSeen(seen: SeenCounts | null, tiles: readonly AlarmCountTile[], now: number): SeenCounts {
  const grewAt = new Map(seen?.grewAt ?? []);
  for (const tile of tiles)
    if (seen && tile.count > (seen.counts.get(tile.severity) ?? 0)) grewAt.set(tile.severity, now);
  return { key: keyOf(tiles), counts: new Map(tiles.map((tile) => [tile.severity, tile.count])), grewAt };
}

const flagsOf = (seen: SeenCounts | null, now: number): ReadonlySet<number> =>
  new Set([...(seen?.grewAt ?? [])].filter(([, at]) => now - at < NEW_ALARM_FLAG_MS).map(([severity]) => severity));

/**
 * The severities whose count of unacknowledged alarms grew within NEW_ALARM_FLAG_MS of `now`,
 * so a wall watched from across the room flags an alarm that just opened. The first counts
 * seen flag nothing (a wall opened on a busy fleet is not a storm of new alarms).
 */
export function useNewAlarmFlags(tiles: readonly AlarmCountTile[], now: number): ReadonlySet<number> {
  const [seen, setSeen] = useState<SeenCounts | null>(null);
  if (tiles.length > 0 && seen?.key !== keyOf(tiles)) {
    // New counts: kept at once, during this render (React's way of deriving state from props).
    const next = nextSeen(seen, tiles, now);
    setSeen(next);
    return flagsOf(next, now);
  }
  return flagsOf(seen, now);
}
