import { expressPathOf, type EndpointSpec } from '@halo/shared';
import { Router, type RequestHandler } from 'express';

/** What to do once a call of an endpoint succeeded, with its path's environment. */
export interface ObservedWrite {
  readonly endpoint: EndpointSpec;
  readonly answered: (environmentId: number) => void;
}

/**
 * Watches calls passing through the proxy to the upstream and tells `answered` when one of the
 * observed endpoints succeeded (2xx), with the environment its path names: live state the
 * gateway derives from the upstream (the alarm counts of a fleet summary) is read again at
 * once rather than at the next periodic read. It reads nothing of the call's body.
 */
export function observeWrites(writes: readonly ObservedWrite[]): RequestHandler {
  const router = Router();
  for (const { endpoint, answered } of writes) {
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](expressPathOf(endpoint), (request, response, next) => {
      const environmentId = Number(request.params.environmentId);
      response.on('finish', () => {
        if (response.statusCode >= 200 && response.statusCode < 300 && Number.isSafeInteger(environmentId))
          answered(environmentId);
      });
      next();
    });
  }
  return router;
}
