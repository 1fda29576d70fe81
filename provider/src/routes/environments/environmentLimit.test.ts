import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { createEnvironment, STRONG_PASSWORD, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

// Each environment logs its manager in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const LIMIT = 3;

describe.each(DIALECTS)('environment limit of a tenant on %s', (dialect) => {
  const suite = useAdminSuite(dialect, { HALO_TENANT_MAX_ENVIRONMENTS: String(LIMIT) });
  const db = () => suite.provider.provider.context.db;
  const propose = (actor: Actor, name: string) =>
    suite.send(actor, 'post', '/environments', {
      environment_name: name,
      username: `${name}-manager`,
      password: STRONG_PASSWORD,
      email: `${name}@example.test`,
    });

  it("refuses a tenant's environment past the limit at any depth with error 21, writing nothing", async () => {
    const tenant = await createEnvironment(suite.provider.api, suite.admin, 'tenant');
    const child = await createEnvironment(suite.provider.api, tenant, 'child');
    await createEnvironment(suite.provider.api, child, 'grandchild');
    await createEnvironment(suite.provider.api, tenant, 'second-child');
    const counts = async () => ({
      environments: (await db().selectFrom('environments').select('id').execute()).length,
      users: (await db().selectFrom('users').select('id').execute()).length,
      audits: (await db().selectFrom('user_audits').select('id').execute()).length,
    });
    const before = await counts();
    for (const [actor, name] of [
      [tenant, 'one-more'],
      [child, 'deeper'],
    ] as const) {
      const refused = await propose(actor, name);
      expect(refused.status, name).toBe(400);
      expect(refused.body, name).toMatchObject({
        error: ErrorCode.ENVIRONMENT_LIMIT_REACHED,
        message: 'Its tree may hold 3 sub-environments at any depth; delete one to add another',
        fields: { limit: LIMIT },
      });
    }
    expect(await counts()).toEqual(before);
    // The root's environments are tenants of their own: another one starts with its own room.
    const other = await createEnvironment(suite.provider.api, suite.admin, 'other-tenant');
    expect((await propose(other, 'other-child')).status).toBe(201);
  });

  it('lets concurrent creates in one tree together reach the limit, never pass it', async () => {
    const tenant = await createEnvironment(suite.provider.api, suite.admin, 'busy-tenant');
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 2 }, (_, index) => propose(tenant, `racer-${index}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400]);
    const below = await db().selectFrom('environments').select('id').where('parent_id', '=', tenant.id).execute();
    expect(below).toHaveLength(LIMIT);
  });
});
