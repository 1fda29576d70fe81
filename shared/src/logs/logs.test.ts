import { describe, expect, it } from 'vitest';
import { SatcomMessageListResponseSchema, SatcomMessageQuerySchema } from './messagingLog.js';
import { SystemLogListResponseSchema, SystemLogQuerySchema, sortByLogTimeAscending } from './systemLog.js';
import { fieldChanges, UserAuditListResponseSchema, UserAuditQuerySchema } from './userAudit.js';
import { isLogDates, isLogTimeBound, logTimeWindow, parseLogDates } from './logTime.js';

describe('UserAuditQuerySchema', () => {
  it('parses paging, dates and comma-separated resources and actions', () => {
    expect(
      UserAuditQuerySchema.parse({
        object_id: '40',
        page_size: '25',
        free_text: 'admin',
        start_date: '2024-01-01',
        end_date: '2024-01-31',
        resources: 'device,user',
        actions: 'create,delete',
      }),
    ).toEqual({
      object_id: 40,
      page_size: 25,
      free_text: 'admin',
      start_date: '2024-01-01',
      end_date: '2024-01-31',
      resources: ['device', 'user'],
      actions: ['create', 'delete'],
    });
  });

  it('refuses bad dates, unknown actions, page sizes out of range and unknown parameters', () => {
    expect(UserAuditQuerySchema.safeParse({ start_date: '2024-13-01' }).error?.issues[0]?.message).toBe(
      'validation.date',
    );
    expect(UserAuditQuerySchema.safeParse({ actions: 'create,drop' }).success).toBe(false);
    expect(UserAuditQuerySchema.safeParse({ page_size: '0' }).success).toBe(false);
    expect(UserAuditQuerySchema.safeParse({ page_size: '1001' }).success).toBe(false);
    expect(UserAuditQuerySchema.safeParse({ sort: 'time' }).success).toBe(false);
  });
});

describe('SystemLogQuerySchema', () => {
  it('parses device ids, severities and attribute types', () => {
    expect(
      SystemLogQuerySchema.parse({
        device_ids: '3,4',
        severities: '0,3',
        device_attribute_types: '1,13',
        end_date: '2024-05-01',
      }),
    ).toEqual({
      device_ids: [3, 4],
      severities: [0, 3],
      device_attribute_types: [1, 13],
      end_date: '2024-05-01',
    });
  });

  it('refuses severity 4, attribute type 14 and device id 0', () => {
    expect(SystemLogQuerySchema.safeParse({ severities: '4' }).success).toBe(false);
    expect(SystemLogQuerySchema.safeParse({ device_attribute_types: '14' }).success).toBe(false);
    expect(SystemLogQuerySchema.safeParse({ device_ids: '0' }).success).toBe(false);
  });
});

describe('log responses', () => {
  it('parses audit entries with known resources and actions only', () => {
    const entry = {
      id: 1,
      user: 'admin',
      resource: 'device',
      action: 'update',
      name: 'hub-01',
      detail: null,
      time: '2024-01-01T00:00:00Z',
      changes: [{ field: 'name', old: 'hub-00', new: 'hub-01' }],
    };
    expect(UserAuditListResponseSchema.safeParse({ user_audits: [entry] }).success).toBe(true);
    expect(UserAuditListResponseSchema.safeParse({ user_audits: [{ ...entry, action: 'hack' }] }).success).toBe(false);
  });

  it('parses system logs and sorts a device log oldest first', () => {
    const entry = {
      id: 1,
      device_id: 2,
      device_name: 'hub-01',
      device_attribute_type: 1,
      event_type: 'threshold',
      value: '81',
      severity: 3,
      description: 'Temperature critical',
      log_time: '2024-01-02T00:00:00Z',
      is_alert: true,
    };
    const older = { ...entry, id: 2, log_time: '2024-01-01T00:00:00Z' };
    expect(SystemLogListResponseSchema.safeParse({ system_logs: [entry, older] }).success).toBe(true);
    expect(sortByLogTimeAscending([entry, older]).map((row) => row.id)).toEqual([2, 1]);
    // Pages come newest first: entries of one moment (one simulator tick) keep the order they were written in.
    const sameMoment = [
      { ...entry, id: 9 },
      { ...entry, id: 7 },
      { ...older, id: 8 },
    ];
    expect(sortByLogTimeAscending(sameMoment).map((row) => row.id)).toEqual([8, 7, 9]);
  });

  it('parses satcom messages and refuses impossible coordinates', () => {
    const message = {
      id: 1,
      log_time: '2024-01-01T00:00:00Z',
      satcom_timestamp: '2024-01-01T00:00:00Z',
      halo_name: 'hub-01',
      halo_serial: 'SN-1',
      satcom_imei: '300234010753370',
      network: 'iridium',
      severity: 1,
      description: 'position',
      lat: 32.1,
      long: 34.8,
      altitude: 20,
    };
    expect(SatcomMessageListResponseSchema.safeParse({ satcom_messages: [message] }).success).toBe(true);
    expect(SatcomMessageListResponseSchema.safeParse({ satcom_messages: [{ ...message, lat: 91 }] }).success).toBe(
      false,
    );
    expect(SatcomMessageQuerySchema.parse({ severities: '1,2' })).toEqual({ severities: [1, 2] });
    expect(SatcomMessageListResponseSchema.parse({ satcom_messages: [{ ...message, device_id: 7 }] })).toMatchObject({
      satcom_messages: [{ device_id: 7 }],
    });
  });

  it('parses the messaging log filters like the system log', () => {
    expect(
      SatcomMessageQuerySchema.parse({ device_ids: '3,4', device_name: 'dcx', since_id: '10', page_size: '50' }),
    ).toEqual({ device_ids: [3, 4], device_name: 'dcx', since_id: 10, page_size: 50 });
    for (const query of [{ device_ids: '0' }, { since_id: '-1' }, { device_name: 'x'.repeat(65) }, { imei: '1' }])
      expect(SatcomMessageQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
  });
});

describe('log time bounds and field changes', () => {
  it('takes a date (whole days) or a date-time (to the instant) for either end', () => {
    expect(logTimeWindow({ start_date: '2026-11-20', end_date: '2026-11-21' })).toEqual({
      from: Date.parse('2026-11-20T00:00:00Z'),
      to: Date.parse('2026-11-22T00:00:00Z'),
    });
    expect(logTimeWindow({ start_date: '2026-11-20T10:15:00Z', end_date: '2026-11-20T10:30:00.500Z' })).toEqual({
      from: Date.parse('2026-11-20T10:15:00Z'),
      to: Date.parse('2026-11-20T10:30:00.500Z') + 1,
    });
    expect(logTimeWindow({})).toEqual({ from: undefined, to: undefined });
    for (const bad of ['2026-11-20T25:00:00Z', '2026-11-20 10:00', 'yesterday', '2026-02-30'])
      expect(isLogTimeBound(bad), bad).toBe(false);
  });

  it("reads section 5's date list 'first,last' as the days first through last, on either parameter", () => {
    expect(parseLogDates('2026-11-26,2026-11-27')).toEqual({ kind: 'days', first: '2026-11-26', last: '2026-11-27' });
    const oneDay = { from: Date.parse('2026-11-26T00:00:00Z'), to: Date.parse('2026-11-27T00:00:00Z') };
    expect(logTimeWindow({ start_date: '2026-11-26,2026-11-26' })).toEqual(oneDay);
    expect(logTimeWindow({ end_date: '2026-11-26,2026-11-26' })).toEqual(oneDay);
    // Both given: the spans intersect.
    expect(logTimeWindow({ start_date: '2026-11-25,2026-11-26', end_date: '2026-11-26,2026-11-30' })).toEqual(oneDay);
    expect(logTimeWindow({ start_date: '2026-11-26T12:00:00Z', end_date: '2026-11-26,2026-11-26' })).toEqual({
      from: Date.parse('2026-11-26T12:00:00Z'),
      to: oneDay.to,
    });
    for (const bad of [
      '2026-11-27,2026-11-26',
      '2026-11-26,',
      ',2026-11-26',
      'a,b',
      '2026-11-26,2026-11-27,2026-11-28',
    ])
      expect(isLogDates(bad), bad).toBe(false);
    // A single bound of the console's address is never a list.
    expect(isLogTimeBound('2026-11-26,2026-11-26')).toBe(false);
  });

  it('lists the fields that differ, secrets only as changed', () => {
    expect(fieldChanges({ name: 'a', ports: [1, 2], same: 1 }, { name: 'b', ports: [1, 3], same: 1 })).toEqual([
      { field: 'name', old: 'a', new: 'b' },
      { field: 'ports', old: '[1,2]', new: '[1,3]' },
    ]);
    expect(fieldChanges({ a: 1, status: 1 }, { a: 1, status: 2 }, { fields: ['a'], secrets: ['password'] })).toEqual([
      { field: 'password', old: null, new: null },
    ]);
    expect(fieldChanges({ note: null }, { note: 'set' })).toEqual([{ field: 'note', old: null, new: 'set' }]);
  });
});
