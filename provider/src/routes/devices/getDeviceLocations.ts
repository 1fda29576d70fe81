import { API, type DeviceLocationsResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { perDeviceAnswer } from './deviceQueries.js';

/**
 * GET config/{env}/devices/locations: each device's latest fix and its section 4 status
 * (0 unavailable, 1 offline, 2 online). A device without a fix answers [0, 0], accuracy 0.
 */
export const getDeviceLocations = route(
  API.devices.locations,
  (context) =>
    ({ auth, query: { devices }, signal }) =>
      perDeviceAnswer<DeviceLocationsResponse, 'locations'>(
        context,
        { auth, devices, signal },
        'locations',
        'locations',
        (query) =>
          query.select([
            'id',
            'is_activated',
            'availability',
            'longitude',
            'latitude',
            'altitude',
            'accuracy',
            'location_time',
          ]),
      ),
);
