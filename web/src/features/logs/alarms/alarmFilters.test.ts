import { describe, expect, it } from 'vitest';
import { API } from '@halo/shared';
import { alarmQuery, readAlarmFilters } from './alarmFilters';

describe('alarm filters', () => {
  it('reads what the address holds, checked, and makes the query the list accepts', () => {
    const filters = readAlarmFilters(
      new URLSearchParams('state=active&severities=3,1,0,9,x&acknowledged=no&device=hub'),
    );
    expect(filters).toEqual({ state: 'active', severities: [3, 1], acknowledged: false, deviceName: 'hub' });
    const query = alarmQuery(filters);
    expect(query).toEqual({ state: 'active', severities: [3, 1], acknowledged: 'false', device_name: 'hub' });
    expect(API.alarms.list.query.safeParse(query).success).toBe(true);
    expect(API.alarms.export.query.safeParse({ ...query, lang: 'he-IL' }).success).toBe(true);
  });

  it('ignores garbage and leaves out what is not chosen', () => {
    const filters = readAlarmFilters(new URLSearchParams(`state=open&acknowledged=maybe&device=${'x'.repeat(80)}`));
    expect(filters).toEqual({ state: null, severities: [], acknowledged: null, deviceName: 'x'.repeat(64) });
    expect(alarmQuery({ ...filters, deviceName: '' })).toEqual({});
    expect(alarmQuery({ state: 'cleared', severities: [], acknowledged: true, deviceName: '' })).toEqual({
      state: 'cleared',
      acknowledged: 'true',
    });
  });
});
