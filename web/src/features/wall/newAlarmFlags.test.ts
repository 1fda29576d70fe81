import { unsilencedAlarmCounts } from '@halo/shared';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alarmCountTiles } from '../logs';
import { NEW_ALARM_FLAG_MS, useNewAlarmFlags } from './newAlarmFlags';

const tiles = (critical: number, major: number) =>
  alarmCountTiles(unsilencedAlarmCounts([0, 0, major, critical], [0, 0, major, critical]));

describe('new alarm flags', () => {
  it('flags a severity whose count grew, for a while; not the counts first seen, nor a count that fell', () => {
    const { result, rerender } = renderHook(({ list, now }) => useNewAlarmFlags(list, now), {
      initialProps: { list: tiles(4, 1), now: 1000 },
    });
    expect(result.current.size).toBe(0);
    rerender({ list: tiles(5, 0), now: 2000 });
    expect([...result.current]).toEqual([3]);
    rerender({ list: tiles(5, 0), now: 2000 + NEW_ALARM_FLAG_MS - 1 });
    expect([...result.current]).toEqual([3]);
    rerender({ list: tiles(5, 0), now: 2000 + NEW_ALARM_FLAG_MS });
    expect(result.current.size).toBe(0);
  });

  it('has no tiles without counts', () => {
    expect(alarmCountTiles(undefined)).toEqual([]);
    expect(tiles(2, 1).map((tile) => [tile.severity, tile.count, tile.link])).toEqual([
      [3, 2, '/logs/alarms?state=active&acknowledged=no&severities=3'],
      [2, 1, '/logs/alarms?state=active&acknowledged=no&severities=2'],
      [1, 0, '/logs/alarms?state=active&acknowledged=no&severities=1'],
    ]);
  });
});
