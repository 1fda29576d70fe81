import { describe, expect, it } from 'vitest';
import { API, ENDPOINTS } from '../api/contract.js';
import { routeKeyOf } from '../api/endpoint.js';
import { LiveEvent } from '../live/events.js';
import { DISPLAY_ENDPOINTS, displayMayCall, displayMaySubscribe, isDisplaySession } from './displayAccess.js';

describe('what a wall display may read', () => {
  it('calls only its allow-list, in its own environment, and reads only (leaving aside)', () => {
    const allowed = ENDPOINTS.filter((endpoint) => displayMayCall(endpoint, 7, 7)).map(routeKeyOf);
    expect(allowed.sort()).toEqual(DISPLAY_ENDPOINTS.map(routeKeyOf).sort());
    for (const endpoint of DISPLAY_ENDPOINTS)
      expect(endpoint.method === 'GET' || endpoint === API.auth.logout, routeKeyOf(endpoint)).toBe(true);
    expect(displayMayCall(API.devices.devicesState, 8, 7)).toBe(false);
    expect(displayMayCall(API.devices.devicesState, undefined, 7)).toBe(false);
    expect(displayMayCall(API.auth.session, undefined, 7)).toBe(true);
  });

  it('refuses what is not on the list: the audit log, exports, and a call declared tomorrow', () => {
    expect(displayMayCall(API.logs.userAudits, 7, 7)).toBe(false);
    expect(displayMayCall(API.logs.userAuditsExport, 7, 7)).toBe(false);
    expect(displayMayCall(API.logs.systemLogsExport, 7, 7)).toBe(false);
    expect(displayMayCall({ method: 'GET', path: '/config/{environmentId}/something_new' }, 7, 7)).toBe(false);
    expect(displayMayCall({ method: 'DELETE', path: API.logs.systemLogs.path }, 7, 7)).toBe(false);
  });

  it('subscribes to the fleet summary of its own environment only', () => {
    expect(displayMaySubscribe(LiveEvent.SUMMARY_SUBSCRIBE, 7, 7)).toBe(true);
    expect(displayMaySubscribe(LiveEvent.SUMMARY_SUBSCRIBE, 8, 7)).toBe(false);
    for (const event of [LiveEvent.DEVICES_SUBSCRIBE, LiveEvent.LOGS_SUBSCRIBE, '__proto__', ''])
      expect(displayMaySubscribe(event, 7, 7)).toBe(false);
  });

  it('knows a display session by its kind alone', () => {
    expect(isDisplaySession('display')).toBe(true);
    for (const kind of ['user', undefined, null, 'DISPLAY', ['display']]) expect(isDisplaySession(kind)).toBe(false);
  });
});
