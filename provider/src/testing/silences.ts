import { API, API_BASE, pathOf } from '@halo/shared';
import { expect } from 'vitest';
import type { Actor } from './people.js';
import type { TestProvider } from './testProvider.js';

/** `actor` silences the whole of environment `environmentId` for `minutes`, and it is made (201). */
export async function silenceEnvironment(
  api: TestProvider['api'],
  actor: Actor,
  environmentId: number,
  minutes: number,
  reason: string,
): Promise<void> {
  const made = await api
    .post(`${API_BASE}${pathOf(API.silences.create, { environmentId })}`)
    .set('Authorization', actor.authorization)
    .send({ scope: 'environment', duration_minutes: minutes, reason });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}
