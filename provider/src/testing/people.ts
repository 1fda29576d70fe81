import { API_BASE, apiPaths } from '@halo/shared';
import { expect } from 'vitest';
import { loginAs, type TestProvider } from './testProvider.js';

export const STRONG_PASSWORD = 'Str0ng-Passw0rd!';

export interface Actor {
  readonly authorization: string;
  readonly environmentId: number;
  readonly userId: number;
}

type Api = TestProvider['api'];

export async function as(
  api: Api,
  username: string,
  environmentName: string,
  password = STRONG_PASSWORD,
): Promise<Actor> {
  const { body, authorization } = await loginAs(api, username, password, environmentName);
  return { authorization, environmentId: Number(body.environment_id), userId: Number(body.user_id) };
}

/** Creates a sub-environment of `parent` with its manager `<name>-manager` and logs the manager in. */
export async function createEnvironment(
  api: Api,
  parent: Actor,
  name: string,
  parentId = parent.environmentId,
): Promise<Actor & { id: number }> {
  const response = await api
    .post(`${API_BASE}${apiPaths.environments.list(parentId)}`)
    .set('Authorization', parent.authorization)
    .send({
      environment_name: name,
      username: `${name}-manager`,
      password: STRONG_PASSWORD,
      email: `${name}@example.test`,
    });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const id = Number(response.body.id);
  return { id, ...(await as(api, `${name}-manager`, name)) };
}

export async function createUser(
  api: Api,
  manager: Actor,
  username: string,
  permissions: number[],
  environmentId = manager.environmentId,
) {
  const response = await api
    .post(`${API_BASE}${apiPaths.users.list(environmentId)}`)
    .set('Authorization', manager.authorization)
    .send({ user: { username, password: STRONG_PASSWORD, email: `${username}@example.test`, permissions } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return Number(response.body.id);
}
