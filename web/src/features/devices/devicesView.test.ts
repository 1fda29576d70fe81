import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_QUERY, type FleetTableQuery } from '../../lib/fleet';
import { devicesViewOf, devicesViewQuery, withDevicesView } from './devicesView';

const viewOf = (query: string) => devicesViewOf(new URLSearchParams(query));

describe('the Devices view in the address', () => {
  it('round-trips every filter, the sort and the search', () => {
    const view: FleetTableQuery = {
      status: 'notConnected',
      sort: { column: 'connection', direction: 'desc' },
      search: 'north & "east"',
      type: 'dronecommx',
      role: 'server',
      enabled: 'disabled',
    };
    const query = devicesViewQuery(view);
    expect(query).toBe(
      'q=north+%26+%22east%22&status=notConnected&type=dronecommx&role=server&enabled=disabled&sort=connection.desc',
    );
    expect(viewOf(query)).toEqual(view);
  });

  it('leaves defaults out, so the plain address is the default view', () => {
    expect(devicesViewQuery(DEFAULT_TABLE_QUERY)).toBe('');
    expect(devicesViewQuery({ ...DEFAULT_TABLE_QUERY, type: 'all', role: 'all', enabled: 'all' })).toBe('');
    expect(viewOf('')).toEqual(DEFAULT_TABLE_QUERY);
  });

  it('keeps the links Home makes (?status=)', () => {
    expect(viewOf('status=alert')).toEqual({ ...DEFAULT_TABLE_QUERY, status: 'alert' });
  });

  it('reads what it does not know as the default, never as a filter', () => {
    expect(viewOf('status=__proto__&type=toaster&role=&enabled=1&sort=name')).toEqual(DEFAULT_TABLE_QUERY);
    expect(viewOf('sort=name.sideways').sort).toBeNull();
    expect(viewOf('sort=constructor.asc').sort).toBeNull();
    expect(viewOf('sort=name.asc.x').sort).toBeNull();
    expect(viewOf('sort=name.asc').sort).toEqual({ column: 'name', direction: 'asc' });
  });

  it('writes the view in, keeping parameters that are not its own', () => {
    const next = withDevicesView(new URLSearchParams('status=connected&panel=7&q=old'), {
      ...DEFAULT_TABLE_QUERY,
      search: 'new',
    });
    expect(next.toString()).toBe('q=new&panel=7');
  });
});
