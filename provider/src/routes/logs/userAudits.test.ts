import { describe, expect, it } from 'vitest';
import { API, ErrorCode, parseCsv, Permission, type UserAudit } from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, STRONG_PASSWORD, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('the audit log on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;
  const audits = async (actor: Actor, query = ''): Promise<UserAudit[]> => {
    const response = await send(actor, 'get', `/user_audits${query}`);
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return API.logs.userAudits.answer.parse(response.body).user_audits;
  };

  it('records who changed what, with the old and new value of each changed field, newest first', async () => {
    const { admin } = suite;
    const id = await createUser(suite.provider.api, admin, 'auditee', [50]);
    await send(admin, 'put', `/users/${id}`, {
      user: {
        username: 'auditee',
        email: 'auditee@example.test',
        password: STRONG_PASSWORD,
        permissions: [50, 70],
        severity: 1,
      },
    }).expect(200);
    const group = await send(admin, 'post', '/groups', { group: { name: 'night' } });
    await send(admin, 'put', `/groups/${group.body.id}`, { group: { name: 'day' } }).expect(200);
    const device = await createDevice(suite.provider.api, admin, clientDevice('audit-cam'));
    await send(admin, 'put', `/devices/${device}`, { device: { ...clientDevice('audit-cam-2'), is_enabled: false } });

    const entries = await audits(admin);
    expect(entries[0]).toMatchObject({ user: 'admin', resource: 'device', action: 'disable', name: 'audit-cam-2' });
    expect(entries[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: 'audit-cam', new: 'audit-cam-2' },
        { field: 'is_enabled', old: 'true', new: 'false' },
      ]),
    );
    const groupUpdate = entries.find((entry) => entry.resource === 'group' && entry.action === 'update');
    expect(groupUpdate?.changes).toEqual([{ field: 'name', old: 'night', new: 'day' }]);
    const userUpdate = entries.find((entry) => entry.resource === 'user' && entry.action === 'update');
    expect(userUpdate?.changes).toEqual([
      { field: 'permissions', old: '[50]', new: '[50,70]' },
      { field: 'severity', old: '3', new: '1' },
      // A password is said to have changed, never shown.
      { field: 'password', old: null, new: null },
    ]);
    expect(JSON.stringify(entries)).not.toContain(STRONG_PASSWORD);
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('filters by free text, resources, actions and time, pages by cursor and refuses bad filters', async () => {
    const { admin } = suite;
    await createUser(suite.provider.api, admin, 'alice-ops', []);
    await send(admin, 'post', '/groups', { group: { name: 'alice-team' } }).expect(201);
    await send(admin, 'post', '/groups', { group: { name: 'bob-team' } }).expect(201);
    expect((await audits(admin, '?free_text=ALICE')).map((entry) => entry.name)).toEqual(['alice-team', 'alice-ops']);
    expect((await audits(admin, '?resources=group')).map((entry) => entry.name)).toEqual(['bob-team', 'alice-team']);
    expect((await audits(admin, '?resources=user&actions=create')).map((entry) => entry.name)).toContain('alice-ops');
    expect(await audits(admin, '?actions=delete')).toEqual([]);
    const now = new Date(suite.provider.clock.now);
    const today = now.toISOString().slice(0, 10);
    expect((await audits(admin, `?start_date=${today}&end_date=${today}`)).length).toBeGreaterThanOrEqual(3);
    expect(await audits(admin, `?end_date=2020-01-01`)).toEqual([]);
    const [first, second] = await audits(admin, '?page_size=2');
    expect((await audits(admin, `?page_size=2&object_id=${second!.id}`))[0]!.id).toBeLessThan(second!.id);
    expect(first!.id).toBeGreaterThan(second!.id);
    for (const query of [
      '?actions=drop',
      '?resources=table',
      '?start_date=yesterday',
      '?page_size=5000',
      '?order=asc',
    ]) {
      const refused = await send(admin, 'get', `/user_audits${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });

  it('exports the selection as CSV and keeps each environment to its own entries, behind permission 70', async () => {
    const { admin } = suite;
    await send(admin, 'post', '/groups', { group: { name: '-calc' } }).expect(201);
    const csv = parseCsv((await send(admin, 'get', '/user_audits/export?resources=group').expect(200)).text);
    expect(csv[0]).toEqual([
      'id',
      'time',
      'user',
      'resource',
      'resource_label',
      'action',
      'action_label',
      'name',
      'detail',
      'changes',
    ]);
    expect(csv.slice(1).map((row) => row[7])).toEqual(["'-calc"]);

    const child = await createEnvironment(suite.provider.api, admin, 'audit-child');
    await send(child, 'post', '/groups', { group: { name: 'child-group' } }).expect(201);
    expect((await audits(child)).map((entry) => entry.name)).toContain('child-group');
    expect((await audits(child)).some((entry) => entry.name === '-calc')).toBe(false);
    // The parent reads the child's through the child's id; the child cannot read up.
    const parentView = await suite.provider.api
      .get(`/api/v1/config/${child.environmentId}/user_audits`)
      .set('Authorization', admin.authorization);
    expect(parentView.status).toBe(200);
    const childUp = await suite.provider.api
      .get(`/api/v1/config/${admin.environmentId}/user_audits`)
      .set('Authorization', child.authorization);
    expect(childUp.status).toBe(404);

    await createUser(suite.provider.api, admin, 'no-logs', [Permission.USERS_VIEW]);
    const noLogs = await as(suite.provider.api, 'no-logs', 'root');
    expect((await send(noLogs, 'get', '/user_audits')).status).toBe(403);
    expect((await send(noLogs, 'get', '/user_audits/export')).status).toBe(403);
  });
});
