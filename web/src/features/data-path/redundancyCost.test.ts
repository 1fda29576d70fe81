import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { redundancyCost, redundancyCostMessage } from './redundancyCost';

describe('redundancyCost', () => {
  it.each([
    [0, 1, 0],
    [1, 2, 1],
    [2, 3, 2],
    [3, 4, 3],
  ])('level %i sends %i copies, +%i GB per GB', (level, copies, extra) => {
    expect(redundancyCost(level, null)).toEqual({ copies, extraGbPerGb: extra, exact: true });
  });

  it('reads a custom percentage as extra traffic: 180% is at least 2 copies, +1.8 GB per GB', () => {
    expect(redundancyCost(4, 180)).toEqual({ copies: 2, extraGbPerGb: 1.8, exact: false });
    expect(redundancyCost(4, 0)).toEqual({ copies: 1, extraGbPerGb: 0, exact: true });
    expect(redundancyCost(4, 50)).toEqual({ copies: 1, extraGbPerGb: 0.5, exact: false });
    expect(redundancyCost(4, 200)).toEqual({ copies: 3, extraGbPerGb: 2, exact: true });
    expect(redundancyCost(4, 1000)).toEqual({ copies: 11, extraGbPerGb: 10, exact: true });
  });

  it('has nothing to say about a missing or out-of-range percentage or an unknown level', () => {
    expect(redundancyCost(4, null)).toBeNull();
    expect(redundancyCost(4, -1)).toBeNull();
    expect(redundancyCost(4, 1001)).toBeNull();
    expect(redundancyCost(4, 12.5)).toBeNull();
    expect(redundancyCost(7, null)).toBeNull();
  });
});

describe('redundancyCostMessage', () => {
  const t = createI18n('en-US').t;
  const text = (level: number, percentage: number | null) => {
    const { key, values } = redundancyCostMessage(level, percentage);
    return t(key, values);
  };

  it('words each choice as the operator reads it', () => {
    expect(text(0, null)).toBe('No extra traffic (1 copy of every packet)');
    expect(text(1, null)).toBe('+1 GB per GB of data (2 copies of every packet)');
    expect(text(3, null)).toBe('+3 GB per GB of data (4 copies of every packet)');
    expect(text(4, 180)).toBe('At least 2 copies of every packet, +1.8 GB per GB of data');
    expect(text(4, 300)).toBe('+3 GB per GB of data (4 copies of every packet)');
    expect(text(4, null)).toBe('Enter a percentage from 0 to 1000 to see the extra traffic');
  });
});
