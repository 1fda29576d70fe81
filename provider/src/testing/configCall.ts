import { API_BASE, environmentPath } from '@halo/shared';
import type { Actor } from './people.js';
import type { TestProvider } from './testProvider.js';

export type ConfigMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * A call under config/{environment_id} as `actor` (their own environment unless another is
 * named), with an optional JSON body: the tests' way to reach any config endpoint by its path.
 */
export function configCall(
  api: TestProvider['api'],
  actor: Actor,
  method: ConfigMethod,
  path: string,
  body?: object,
  environmentId = actor.environmentId,
) {
  const request = api[method](`${API_BASE}${environmentPath(environmentId, path)}`).set(
    'Authorization',
    actor.authorization,
  );
  return body ? request.send(body) : request;
}
