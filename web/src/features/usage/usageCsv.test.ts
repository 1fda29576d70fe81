import { parseCsv } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { detailCsv, environmentsCsv } from './usageCsv';

describe('usage CSV', () => {
  it('writes seconds and the hours the screen shows for each period', () => {
    const rows = parseCsv(
      environmentsCsv([
        {
          environment_id: 1,
          environment_name: 'root',
          current_day: 1440,
          current_week: 7200,
          current_month: 36_000,
          current_year: 360_000,
        },
      ]),
    );
    expect(rows[0]?.slice(0, 4)).toEqual([
      'environment_id',
      'environment_name',
      'current_day_seconds',
      'current_day_hours',
    ]);
    expect(rows[1]).toEqual(['1', 'root', '1440', '0.4', '7200', '2', '36000', '10', '360000', '100']);
  });

  it('writes the daily series, then the top devices, a deleted one without a name', () => {
    const rows = parseCsv(
      detailCsv({
        environment_id: 2,
        environment_name: 'fleet',
        daily: [{ date: '2026-11-25', seconds: 5400 }],
        top_devices: [{ device_id: 9, name: null, seconds: 5400 }],
      }),
    );
    expect(rows).toEqual([
      ['date', 'seconds', 'hours'],
      ['2026-11-25', '5400', '2'],
      [''],
      ['device_id', 'device_name', 'seconds', 'hours'],
      ['9', '', '5400', '2'],
    ]);
  });
});
