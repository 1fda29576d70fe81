import type { RequestHandler } from 'express';
import type { ServerClockResponse } from '@halo/shared';
import type { ProviderContext } from '../../context.js';

/** GET /server_clock: the provider's time, polled centrally by the gateway. */
export function getServerClock(context: ProviderContext): RequestHandler {
  return (_request, response) => {
    const clock: ServerClockResponse = { server_clock: new Date(context.now()).toISOString() };
    response.json(clock);
  };
}
