import { describe, expect, it } from 'vitest';
import { ConnectivityDataResponseSchema, ConnectivityQuerySchema } from './connectivityData.js';

describe('connectivity data', () => {
  it('parses usage in seconds and refuses negative usage', () => {
    const row = { environment_name: 'root', current_week: 7200, current_month: 36000, current_year: 360000 };
    expect(ConnectivityDataResponseSchema.safeParse({ connectivity_data: [row] }).success).toBe(true);
    expect(
      ConnectivityDataResponseSchema.safeParse({ connectivity_data: [{ ...row, current_week: -1 }] }).success,
    ).toBe(false);
  });

  it('parses the optional sub-environment query', () => {
    expect(ConnectivityQuerySchema.parse({ sub_environment_id: '4' })).toEqual({ sub_environment_id: 4 });
    expect(ConnectivityQuerySchema.parse({})).toEqual({});
    expect(ConnectivityQuerySchema.safeParse({ sub_environment_id: 'x' }).success).toBe(false);
  });
});
