import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';

/** GET /server_clock: the provider's time, polled centrally by the gateway. */
export const getServerClock = route(API.system.serverClock, (context) => () => ({
  server_clock: new Date(context.now()).toISOString(),
}));
