import { API, locationStatus, type DeviceLocation } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { devicesOfQuery } from './deviceQueries.js';
import { locationOf } from './deviceView.js';

/**
 * GET config/{env}/devices/locations: each device's latest fix and its section 4 status
 * (0 unavailable, 1 offline, 2 online). A device without a fix answers [0, 0], accuracy 0.
 */
export const getDeviceLocations = route(API.devices.locations, (context) => async ({ auth, query: { devices } }) => {
  const { query, empty } = devicesOfQuery(context, auth, devices);
  const rows = empty
    ? []
    : await query
        .select([
          'id',
          'is_activated',
          'availability',
          'longitude',
          'latitude',
          'altitude',
          'accuracy',
          'location_time',
        ])
        .orderBy('id')
        .execute();
  const locations: DeviceLocation[] = rows.map((row) => {
    const location = locationOf(row) ?? { coordinate: [0, 0], altitude: null, time: null, accuracy: 0 };
    const connected = row.is_activated === 1 && row.availability === 1;
    return { device_id: row.id, ...location, status: locationStatus(location, connected) };
  });
  return { locations };
});
