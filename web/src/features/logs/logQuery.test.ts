import { describe, expect, it } from 'vitest';
import {
  boundFromInput,
  boundInputText,
  closedBounds,
  oneOf,
  rangeIsLive,
  readList,
  readTimeRange,
  timeBounds,
  withFilter,
  writeTimeRange,
} from './logQuery';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('log query in the address', () => {
  it('reads a preset, a custom range, and falls back to the last 24 hours on anything else', () => {
    expect(readTimeRange(new URLSearchParams('range=15m'))).toEqual({ choice: '15m', from: '', to: '' });
    expect(readTimeRange(new URLSearchParams('range=custom&from=2026-11-20&to=2026-11-21T10:00:00Z'))).toEqual({
      choice: 'custom',
      from: '2026-11-20',
      to: '2026-11-21T10:00:00Z',
    });
    expect(readTimeRange(new URLSearchParams('range=custom&from=yesterday')).from).toBe('');
    expect(readTimeRange(new URLSearchParams('range=3y')).choice).toBe('24h');
    expect(readTimeRange(new URLSearchParams('')).choice).toBe('24h');
  });

  it('writes the range back, keeping the other filters', () => {
    const written = writeTimeRange(new URLSearchParams('q=gate&from=x'), { choice: '1h', from: '', to: '' });
    expect(written.toString()).toBe('q=gate&range=1h');
    const custom = writeTimeRange(written, { choice: 'custom', from: '2026-11-20', to: '' });
    expect(readTimeRange(custom)).toEqual({ choice: 'custom', from: '2026-11-20', to: '' });
  });

  it('turns presets into bounds measured from the server time, and closes an open range for a histogram', () => {
    expect(timeBounds({ choice: '15m', from: '', to: '' }, now)).toEqual({ start_date: '2026-11-25T11:45:00.000Z' });
    expect(timeBounds({ choice: 'custom', from: '', to: '2026-11-21' }, now)).toEqual({ end_date: '2026-11-21' });
    // Whole days go as the spec's date list 'first,last' (section 5), one day included.
    expect(timeBounds({ choice: 'custom', from: '2026-11-20', to: '2026-11-21' }, now)).toEqual({
      start_date: '2026-11-20,2026-11-21',
    });
    expect(timeBounds({ choice: 'custom', from: '2026-11-26', to: '2026-11-26' }, now)).toEqual({
      start_date: '2026-11-26,2026-11-26',
    });
    expect(timeBounds({ choice: 'custom', from: '2026-11-20T10:00:00Z', to: '2026-11-21' }, now)).toEqual({
      start_date: '2026-11-20T10:00:00Z',
      end_date: '2026-11-21',
    });
    expect(closedBounds({ choice: 'custom', from: '2026-11-26', to: '2026-11-26' }, now)).toEqual({
      start_date: '2026-11-26T00:00:00.000Z',
      end_date: '2026-11-26T23:59:59.999Z',
    });
    expect(closedBounds({ choice: '1h', from: '', to: '' }, now)).toEqual({
      start_date: '2026-11-25T11:00:00.000Z',
      end_date: '2026-11-25T12:00:00.000Z',
    });
    expect(closedBounds({ choice: 'custom', from: '', to: '' }, now).start_date).toBe('2026-11-24T12:00:00.000Z');
    expect(rangeIsLive({ choice: '7d', from: '', to: '' })).toBe(true);
    expect(rangeIsLive({ choice: 'custom', from: '2026-11-20', to: '2026-11-21' })).toBe(false);
  });

  it('reads list filters, keeping only known values, and clears an empty filter', () => {
    expect(readList(new URLSearchParams('severities=3,9,x,1'), 'severities', oneOf([0, 1, 2, 3]))).toEqual([3, 1]);
    expect(withFilter(new URLSearchParams('q=a&severities=1'), 'severities', []).toString()).toBe('q=a');
    expect(withFilter(new URLSearchParams(''), 'q', '  gate ').toString()).toBe('q=gate');
  });
});

describe('a custom range typed in the reader’s zone (issue 39, item 15)', () => {
  it('reads a time of day in the zone and writes it back there; a whole day stays the spec’s date', () => {
    expect(boundFromInput('2026-11-26 10:00', 'Asia/Jerusalem')).toBe('2026-11-26T08:00:00Z');
    expect(boundFromInput('2026-11-26 10:00', 'UTC')).toBe('2026-11-26T10:00:00Z');
    expect(boundFromInput('2026-10-25 02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00Z');
    expect(boundInputText('2026-11-26T08:00:00Z', 'Asia/Jerusalem')).toBe('2026-11-26 10:00');
    expect(boundFromInput('2026-11-26', 'Asia/Jerusalem')).toBe('2026-11-26');
    expect(boundFromInput('2026-02-30 10:00', 'UTC')).toBeNull();
  });
});
