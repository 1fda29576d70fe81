import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('groups on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  it('manages groups with error 40 for a duplicate name', async () => {
    const created = await send(suite.admin, 'post', '/groups', { group: { name: 'night-shift' } });
    expect(created.status).toBe(201);
    expect((await send(suite.admin, 'post', '/groups', { group: { name: 'Night-Shift' } })).body.error).toBe(
      ErrorCode.GROUP_NAME_EXISTS,
    );
    await send(suite.admin, 'post', '/groups', { group: { name: 'day-shift' } }).expect(201);
    expect(
      (await send(suite.admin, 'put', `/groups/${created.body.id}`, { group: { name: 'day-shift' } })).body.error,
    ).toBe(ErrorCode.GROUP_NAME_EXISTS);
    expect((await send(suite.admin, 'put', '/groups/abc', { group: { name: 'x' } })).body.error).toBe(
      ErrorCode.INVALID_ID,
    );
    expect((await send(suite.admin, 'delete', '/groups/99999')).status).toBe(404);
    await send(suite.admin, 'delete', `/groups/${created.body.id}`).expect(200);
    expect(
      (await send(suite.admin, 'get', '/groups')).body.groups.map((group: { name: string }) => group.name),
    ).toEqual(['day-shift']);
  });
});
