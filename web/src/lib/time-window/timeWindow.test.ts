import { DEVICE_TIMELINE_MAX_WINDOW_MS } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_WINDOW,
  instantOfDateTimeInput,
  dateTimeInputValue,
  searchWithTimeWindow,
  timeWindowFromSearch,
  timeWindowRange,
} from './timeWindow';

const FROM = Date.parse('2026-11-20T08:00:00Z');
const TO = Date.parse('2026-11-21T08:30:00Z');
const read = (query: string) => timeWindowFromSearch(new URLSearchParams(query));

describe('a time window in the address', () => {
  it('reads a preset, a from-to in ISO or epoch ms, and the default for anything else', () => {
    expect(read('window=1h')).toEqual({ kind: 'preset', preset: '1h' });
    expect(read('window=7d&from=1&to=2')).toEqual({ kind: 'preset', preset: '7d' });
    expect(read('from=2026-11-20T08:00:00.000Z&to=2026-11-21T08:30:00.000Z')).toEqual({
      kind: 'custom',
      from: FROM,
      to: TO,
    });
    expect(read(`from=${FROM}&to=${TO}`)).toEqual({ kind: 'custom', from: FROM, to: TO });
    for (const nonsense of [
      '',
      'window=2h',
      'window=__proto__',
      `from=${TO}&to=${FROM}`,
      `from=${FROM}&to=${FROM + DEVICE_TIMELINE_MAX_WINDOW_MS + 1}`,
      'from=yesterday&to=today',
      `from=${FROM}`,
      'from=-5&to=10',
    ])
      expect(read(nonsense), nonsense).toEqual(DEFAULT_TIME_WINDOW);
  });

  it('writes a preset as window, a custom one as from-to, keeping the other parameters', () => {
    const start = new URLSearchParams('status=alert&window=1h');
    const custom = searchWithTimeWindow(start, { kind: 'custom', from: FROM, to: TO });
    expect(custom.toString()).toBe('status=alert&from=2026-11-20T08%3A00%3A00.000Z&to=2026-11-21T08%3A30%3A00.000Z');
    expect(timeWindowFromSearch(custom)).toEqual({ kind: 'custom', from: FROM, to: TO });
    const preset = searchWithTimeWindow(custom, { kind: 'preset', preset: '7d' });
    expect(preset.toString()).toBe('status=alert&window=7d');
    // The address it was given is left as it was.
    expect(start.toString()).toBe('status=alert&window=1h');
  });

  it('makes a preset end now and a custom window keep its instants', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(timeWindowRange({ kind: 'preset', preset: '24h' }, now)).toEqual({ from: now - 86_400_000, to: now });
    expect(timeWindowRange({ kind: 'custom', from: FROM, to: TO }, now)).toEqual({ from: FROM, to: TO });
  });

  it("reads and writes the date-time inputs in the reader's zone", () => {
    expect(dateTimeInputValue(FROM, 'UTC')).toBe('2026-11-20T08:00');
    expect(instantOfDateTimeInput('2026-11-20T08:00', 'UTC')).toBe(FROM);
    expect(dateTimeInputValue(FROM, 'Asia/Jerusalem')).toBe('2026-11-20T10:00');
    expect(instantOfDateTimeInput('2026-11-20T10:00', 'Asia/Jerusalem')).toBe(FROM);
    expect(instantOfDateTimeInput('2026-03-29T03:30', 'Europe/Berlin')).toBe(Date.parse('2026-03-29T01:30:00Z'));
    expect(instantOfDateTimeInput('2026-10-25T03:30', 'Europe/Berlin')).toBe(Date.parse('2026-10-25T02:30:00Z'));
    expect(instantOfDateTimeInput('2026-11-20', 'UTC')).toBeNull();
    expect(instantOfDateTimeInput('', 'UTC')).toBeNull();
  });
});
