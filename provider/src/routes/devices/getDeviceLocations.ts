import { API, type DeviceLocationsResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith } from '../../http/jsonAnswer.js';
import { devicesOfQuery } from './deviceQueries.js';

/**
 * GET config/{env}/devices/locations: each device's latest fix and its section 4 status
 * (0 unavailable, 1 offline, 2 online). A device without a fix answers [0, 0], accuracy 0.
 * Read and written as JSON in the read pool (deviceStatusText.ts).
 */
export const getDeviceLocations = route(
  API.devices.locations,
  (context) =>
    async ({ auth, query: { devices }, signal }) => {
      const { query, empty } = devicesOfQuery(context, auth, devices);
      if (empty) return { locations: [] };
      const rows = query
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
        .compile();
      const text = await context.reads.begin('page', signal).shaped(rows, 'locations', undefined);
      return jsonAnswerWith<DeviceLocationsResponse>({}, { locations: text });
    },
);
