import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it } from 'vitest';
import { API, AuditResource, ErrorCode, Permission } from '@halo/shared';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser } from '../../testing/people.js';
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

  it('puts devices of its environment in a group and takes them out; foreign ids and bad bodies change nothing', async () => {
    const { db } = suite.provider.provider.context;
    const group = API.groups.create.answer.parse(
      (await send(suite.admin, 'post', '/groups', { group: { name: 'north' } })).body,
    ).id;
    const [alpha, bravo, charlie] = await Promise.all(
      ['alpha', 'bravo', 'charlie'].map((name) => createDevice(suite.provider.api, suite.admin, clientDevice(name))),
    );
    const change = (body: object, actor = suite.admin) => send(actor, 'post', `/groups/${group}/devices`, body);
    // The members come by id (streamed in batches by id); their names, sorted, say who they are.
    const namesOf = (body: unknown) => {
      const { devices } = API.groups.devices.answer.parse(body);
      const ids = devices.map((device) => device.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      return devices.map((device) => device.name).sort();
    };
    expect(namesOf((await change({ add: [charlie, alpha, alpha] })).body)).toEqual(['alpha', 'charlie']);
    expect(namesOf((await change({ add: [bravo, alpha], remove: [charlie] })).body)).toEqual(['alpha', 'bravo']);
    expect(namesOf((await send(suite.admin, 'get', `/groups/${group}/devices`)).body)).toEqual(['alpha', 'bravo']);
    // A pasted list: names or serial numbers, any case; what no device of the environment has is answered.
    const pasted = API.groups.changeDevices.answer.parse(
      (await change({ add_names: ['CHARLIE', 'sn-alpha', 'nobody', 'foreign'] })).body,
    );
    expect(namesOf(pasted)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(pasted.unknown_names).toEqual(['nobody', 'foreign']);
    await change({ remove: [charlie] });

    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'sibling');
    const foreign = await createDevice(suite.provider.api, sibling, clientDevice('foreign'));
    expect((await change({ add: [foreign] })).status).toBe(404);
    expect((await change({ remove: [alpha], add: [999_999] })).status).toBe(404);
    for (const body of [{}, { add: [] }, { add: ['1'] }, { add: [alpha], other: 1 }])
      expect((await change(body)).status, JSON.stringify(body)).toBe(400);
    // Another tenant's path, or a user without groups update (permission numbers of section 6): refused.
    const sideways = await suite.provider.api
      .post(`/api/v1/config/${suite.admin.environmentId}/groups/${group}/devices`)
      .set('Authorization', sibling.authorization)
      .send({ remove: [alpha] });
    expect(sideways.status).toBe(404);
    await createUser(suite.provider.api, suite.admin, 'viewer', [Permission.USERS_VIEW]);
    const viewer = await as(suite.provider.api, 'viewer', 'root');
    expect((await send(viewer, 'get', `/groups/${group}/devices`)).status).toBe(200);
    expect((await change({ remove: [alpha] }, viewer)).status).toBe(403);
    expect(namesOf((await send(suite.admin, 'get', `/groups/${group}/devices`)).body)).toEqual(['alpha', 'bravo']);

    const audits = await db
      .selectFrom('user_audits')
      .select(['action', 'name', 'detail'])
      .where('resource', '=', AuditResource.GROUP)
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'update', name: 'north', detail: '+2 −0' },
      { action: 'update', name: 'north', detail: '+2 −1' },
      { action: 'update', name: 'north', detail: '+2 −0' },
      { action: 'update', name: 'north', detail: '+0 −1' },
    ]);
    // A deleted device leaves its groups.
    await send(suite.admin, 'delete', `/devices/${bravo}`).expect(200);
    expect(namesOf((await send(suite.admin, 'get', `/groups/${group}/devices`)).body)).toEqual(['alpha']);
  });
});
