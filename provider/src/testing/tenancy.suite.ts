import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Permission, USAGE_ENVIRONMENTS_PAGE_MAX } from '@halo/shared';
import { clientDevice, createDevice } from './devices.js';
import { as, createEnvironment, createUser, STRONG_PASSWORD, type Actor } from './people.js';
import { startTestProvider, TEST_ADMIN_PASSWORD, type TestDialect, type TestProvider } from './testProvider.js';

/** Every config call that exists, with what it needs and a body that would succeed. */
interface ConfigCall {
  readonly name: string;
  readonly method: 'get' | 'post' | 'put' | 'delete';
  readonly path: (ids: Ids) => string;
  readonly body?: (unique: string, ids: Ids) => object;
  /**
   * The permission number that opens it, or the numbers that open it together (a user holding
   * one of them alone is refused); null means environment managers only; ANY_USER, every user.
   */
  readonly permission: number | readonly number[] | null | typeof ANY_USER;
  /** It reaches only the caller's own item (a saved view): anyone else, a manager above included, gets 404. */
  readonly ownOnly?: true;
  /** It drives the fleet simulator, which these providers do not run: a manager reaching it is told 404. */
  readonly simulatorOnly?: true;
  /** A multipart upload instead of a JSON body: the form's file field and the file. */
  readonly upload?: (unique: string) => { readonly field: string; readonly fileName: string; readonly data: string };
}
interface Ids {
  readonly environment: number;
  readonly childEnvironment: number;
  readonly user: number;
  readonly group: number;
  /** A threshold of the environment, and one of its child (set through the environment: the one above). */
  readonly threshold: number;
  readonly childThreshold: number;
  readonly versionDefinition: number;
  /** An alarm webhook of the environment. */
  readonly webhook: number;
  /** A device of the environment. */
  readonly device: number;
  /** A saved view of the environment's manager there. */
  readonly savedView: number;
}

/** Calls open to every user of the environment, whatever their permissions (a user's own saved views). */
const ANY_USER = 'any user';

/**
 * A meta file of its own firmware version (uploads of the same model and version are refused):
 * numbered in this process, so no two of a run's uploads meet (a version made from the unique
 * text modulo 100,000 met another one run in a few hundred).
 */
let definitions = 0;
const metaFile = () =>
  JSON.stringify({
    device_model: 'HALO',
    base_version: '1.0',
    core_version: '1.0.1',
    web_version: '1.0.2',
    official_version: `9.${(definitions += 1)}`,
    image_size: 1024,
    image_sha256: 'a'.repeat(64),
  });

const CONFIG_CALLS: readonly ConfigCall[] = [
  {
    name: 'list environments',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/environments`,
    permission: Permission.ENVIRONMENTS_VIEW,
  },
  {
    name: 'create environment',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/environments`,
    body: (unique) => ({
      environment_name: `env-${unique}`,
      username: `mgr-${unique}`,
      password: STRONG_PASSWORD,
      email: `${unique}@env.test`,
    }),
    permission: Permission.ENVIRONMENTS_ADD,
  },
  {
    name: 'update environment',
    method: 'put',
    path: (ids) => `/config/${ids.environment}/environments/${ids.childEnvironment}`,
    body: (unique) => ({
      environment_name: `renamed-${unique}`,
      username: `child-mgr-${unique}`,
      email: `child-${unique}@env.test`,
      password: null,
    }),
    permission: Permission.ENVIRONMENTS_UPDATE,
  },
  {
    name: 'deactivate environment 2FA',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/environments/${ids.childEnvironment}/2fa/deactivate`,
    permission: null,
  },
  {
    name: 'list users',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/users`,
    permission: Permission.USERS_VIEW,
  },
  {
    name: 'create user',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/users`,
    body: (unique) => ({
      user: { username: `user-${unique}`, password: STRONG_PASSWORD, email: `${unique}@user.test` },
    }),
    permission: Permission.USERS_ADD,
  },
  {
    name: 'update user',
    method: 'put',
    path: (ids) => `/config/${ids.environment}/users/${ids.user}`,
    body: (unique) => ({
      user: { username: `target-${unique}`, password: null, email: `target-${unique}@user.test`, permissions: [] },
    }),
    permission: Permission.USERS_UPDATE,
  },
  {
    name: 'deactivate user 2FA',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/users/${ids.user}/2fa/deactivate`,
    permission: null,
  },
  {
    name: 'list groups',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/groups`,
    permission: Permission.USERS_VIEW,
  },
  {
    name: 'create group',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/groups`,
    body: (unique) => ({ group: { name: `group-${unique}` } }),
    permission: Permission.USERS_ADD,
  },
  {
    name: 'update group',
    method: 'put',
    path: (ids) => `/config/${ids.environment}/groups/${ids.group}`,
    body: (unique) => ({ group: { name: `group-renamed-${unique}` } }),
    permission: Permission.USERS_UPDATE,
  },
  {
    name: 'list a group’s devices',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/groups/${ids.group}/devices`,
    permission: Permission.USERS_VIEW,
  },
  {
    name: 'change a group’s devices',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/groups/${ids.group}/devices`,
    body: (_unique, ids) => ({ add: [ids.device] }),
    permission: Permission.USERS_UPDATE,
  },
  {
    // With 50 (the call's devices.view), which the matrix does not hand out alone.
    name: 'bulk action on devices',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/devices/bulk`,
    body: (_unique, ids) => ({ action: 'disable', device_ids: [ids.device] }),
    permission: Permission.DEVICES_UPDATE,
  },
  {
    name: 'list saved views',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/saved_views?screen=devices`,
    permission: Permission.DEVICES_VIEW,
  },
  {
    name: 'save a view',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/saved_views`,
    body: (unique) => ({ view: { screen: 'devices', name: `view-${unique}`, query: 'q=matrix' } }),
    permission: Permission.DEVICES_VIEW,
  },
  {
    name: 'rename a saved view',
    method: 'put',
    path: (ids) => `/config/${ids.environment}/saved_views/${ids.savedView}`,
    body: (unique) => ({ view: { name: `renamed-${unique}` } }),
    permission: ANY_USER,
    ownOnly: true,
  },
  {
    name: 'delete a saved view',
    method: 'delete',
    path: (ids) => `/config/${ids.environment}/saved_views/${ids.savedView}`,
    permission: ANY_USER,
    ownOnly: true,
  },
  // A device's timeline and the reports (issue 28): devices view.
  {
    name: 'device timeline',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices/${ids.device}/timeline?from=1795000000000&to=1795003600000`,
    permission: Permission.DEVICES_VIEW,
  },
  {
    name: 'availability report',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices/reports/availability?from=1795000000000&to=1795003600000`,
    permission: Permission.DEVICES_VIEW,
  },
  {
    name: 'export the availability report',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices/reports/availability/export?from=1795000000000&to=1795003600000`,
    permission: Permission.DEVICES_VIEW,
  },
  {
    name: 'firmware report',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices/reports/firmware`,
    permission: Permission.DEVICES_VIEW,
  },
  {
    name: 'export the firmware report',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices/reports/firmware/export`,
    permission: Permission.DEVICES_VIEW,
  },
  {
    name: 'set a simulated link',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/simulator/devices/${ids.device}/links`,
    body: () => ({ key: 'cellular:0', up: false }),
    permission: null,
    simulatorOnly: true,
  },
  {
    name: 'list satcom messages',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/satcom_messages`,
    permission: Permission.MESSAGING_LOG_VIEW,
  },
  {
    name: 'a page of devices connectivity',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices_connectivity?offset=0&limit=${USAGE_ENVIRONMENTS_PAGE_MAX}`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: 'devices connectivity of a sub-environment',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices_connectivity?sub_environment_id=${ids.childEnvironment}`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: 'list system logs',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/system_logs`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'system log histogram',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/system_logs/histogram?start_date=2026-11-01&end_date=2026-11-02`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'export system logs',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/system_logs/export`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'list alarms',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/alarms`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'alarm counts',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/alarms/counts`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'export alarms',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/alarms/export`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'acknowledge alarms',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/alarms/acknowledge`,
    body: () => ({ ids: [1], note: 'matrix' }),
    // Acknowledging alarms needs seeing them (issue 39, item 4): 71 with 70.
    permission: [Permission.LOGS_VIEW, Permission.ALARMS_ACKNOWLEDGE],
  },
  // Alarm webhooks (issue 27): environment managers only. The test comes before the delete.
  {
    name: 'list alarm webhooks',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/alarm_webhooks`,
    permission: null,
  },
  {
    name: 'add an alarm webhook',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/alarm_webhooks`,
    // Named in `.invalid`: the name resolves nowhere, so a test of it fails at once without a call out.
    body: (unique) => ({ name: `hook-${unique}`.slice(0, 64), url: `https://${unique}.webhook.invalid/in` }),
    permission: null,
  },
  {
    name: 'test an alarm webhook',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/alarm_webhooks/${ids.webhook}/test`,
    permission: null,
  },
  {
    name: 'delete an alarm webhook',
    method: 'delete',
    path: (ids) => `/config/${ids.environment}/alarm_webhooks/${ids.webhook}`,
    permission: null,
  },
  {
    name: 'list audit entries',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/user_audits`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'export audit entries',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/user_audits/export`,
    permission: Permission.LOGS_VIEW,
  },
  {
    name: 'export satcom messages',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/satcom_messages/export`,
    permission: Permission.MESSAGING_LOG_VIEW,
  },
  {
    name: 'list thresholds',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/thresholds`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: 'thresholds metadata',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/thresholds_metadata`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: 'threshold readings',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/thresholds/${ids.threshold}/readings`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: "update a sub-environment's threshold",
    method: 'put',
    path: (ids) => `/config/${ids.environment}/thresholds/${ids.childThreshold}`,
    body: () => ({
      threshold: {
        device_attribute_type: 1,
        threshold_values: { minor: 60, major: 70, critical: 80, back_to_safety: 55 },
        should_alert: true,
      },
    }),
    permission: Permission.ADMIN_UPDATE_ALL,
  },
  {
    name: 'list version definitions',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/admin/versions_definition`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: 'upload a version definition',
    method: 'post',
    path: (ids) => `/config/${ids.environment}/admin/versions_definition`,
    upload: () => ({ field: 'version_definition', fileName: 'fw.json', data: metaFile() }),
    permission: Permission.ADMIN_UPDATE_ALL,
  },
  {
    name: 'delete a version definition',
    method: 'delete',
    path: (ids) => `/config/${ids.environment}/admin/versions_definition/${ids.versionDefinition}`,
    permission: Permission.ADMIN_DELETE_ALL,
  },
  {
    name: 'devices connectivity detail of a sub-environment',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/devices_connectivity/${ids.childEnvironment}`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: 'get the satcom target',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/satcom_target`,
    permission: Permission.ADMIN_VIEW,
  },
  {
    name: 'set the satcom target',
    method: 'put',
    path: (ids) => `/config/${ids.environment}/satcom_target`,
    body: (unique) => ({ satcom_target: { url: `https://${unique}.satcom.example.com/in`, api_key: 'key' } }),
    permission: Permission.ADMIN_UPDATE_ALL,
  },
  {
    name: 'remove the satcom target',
    method: 'delete',
    path: (ids) => `/config/${ids.environment}/satcom_target`,
    permission: Permission.ADMIN_UPDATE_ALL,
  },
  {
    name: 'delete group',
    method: 'delete',
    path: (ids) => `/config/${ids.environment}/groups/${ids.group}`,
    permission: Permission.USERS_DELETE,
  },
  {
    name: 'delete user',
    method: 'delete',
    path: (ids) => `/config/${ids.environment}/users/${ids.user}`,
    permission: Permission.USERS_DELETE,
  },
  {
    name: 'delete environment',
    method: 'delete',
    path: (ids) => `/config/${ids.environment}/environments/${ids.childEnvironment}`,
    permission: Permission.ENVIRONMENTS_DELETE,
  },
  {
    // No permission number opens it: a HeatSight feature of the caller's environment does (spec 4, 6).
    name: 'HeatSight samples',
    method: 'get',
    path: (ids) => `/config/${ids.environment}/heatsight/samples`,
    permission: null,
  },
];

const MATRIX_PERMISSIONS = [
  20,
  21,
  22,
  23,
  30,
  31,
  32,
  33,
  Permission.DEVICES_VIEW,
  Permission.LOGS_VIEW,
  Permission.ALARMS_ACKNOWLEDGE,
  Permission.MESSAGING_LOG_VIEW,
  Permission.ADMIN_VIEW,
  Permission.ADMIN_UPDATE_ALL,
  Permission.ADMIN_DELETE_ALL,
] as const;

/**
 * Tenant isolation and the permission matrix on one dialect: every config call with another
 * tenant's ids, from a parent and a child, and with each permission alone. One test file per
 * dialect calls it (routes/tenancy.*.test.ts), so the two run side by side: the matrix is the
 * integration run's longest file.
 */
export function describeTenancy(dialect: TestDialect) {
  describe(`tenant isolation and permissions on ${dialect}`, () => {
    let provider: TestProvider;
    let admin: Actor;
    let counter = 0;
    const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

    beforeAll(async () => {
      provider = await startTestProvider(dialect);
      admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    }, 60_000);
    afterAll(async () => {
      await provider.stop();
    });

    const call = (actor: Actor, spec: ConfigCall, ids: Ids) => {
      const request = provider.api[spec.method](`/api/v1${spec.path(ids)}`).set('Authorization', actor.authorization);
      if (spec.upload) {
        const file = spec.upload(unique());
        return request.attach(file.field, Buffer.from(file.data), { filename: file.fileName });
      }
      return spec.body ? request.send(spec.body(unique(), ids)) : request;
    };

    const nameOf = async (actor: Actor): Promise<string | undefined> =>
      (await provider.api.get('/api/v1/auth/session').set('Authorization', actor.authorization)).body.environment_name;

    /** A fresh environment with a child, a user and a group, so every call has something to act on. */
    async function fixture(manager: Actor, environmentId: number): Promise<Ids> {
      const child = await createEnvironment(provider.api, manager, `child-${unique()}`, environmentId);
      const user = await createUser(provider.api, manager, `target-${unique()}`, [], environmentId);
      const group = await provider.api
        .post(`/api/v1/config/${environmentId}/groups`)
        .set('Authorization', manager.authorization)
        .send({ group: { name: `g-${unique()}` } });
      const temperatureOf = async (environment: number) => {
        const listed = await provider.api
          .get(`/api/v1/config/${environment}/thresholds`)
          .set('Authorization', manager.authorization);
        return Number(listed.body.thresholds[0].id);
      };
      await provider.api
        .put(`/api/v1/config/${environmentId}/satcom_target`)
        .set('Authorization', manager.authorization)
        .send({ satcom_target: { url: 'https://fixture.satcom.example.com/in', api_key: 'fixture-key' } })
        .expect(200);
      // One webhook per environment, kept for every call of a loop (an environment holds a few at most).
      const webhooks = await provider.api
        .get(`/api/v1/config/${environmentId}/alarm_webhooks`)
        .set('Authorization', manager.authorization)
        .expect(200);
      const webhook =
        (webhooks.body as { webhooks: { id: number }[] }).webhooks[0]?.id ??
        Number(
          (
            await provider.api
              .post(`/api/v1/config/${environmentId}/alarm_webhooks`)
              .set('Authorization', manager.authorization)
              .send({ name: 'fixture', url: 'https://fixture.webhook.invalid/in' })
              .expect(201)
          ).body.webhook.id,
        );
      const device = await createDevice(provider.api, manager, clientDevice(`d-${unique()}`), environmentId);
      // One name: saved again for every call of a loop, it stays one view (a user keeps 50 at most).
      const savedView = await provider.api
        .post(`/api/v1/config/${environmentId}/saved_views`)
        .set('Authorization', manager.authorization)
        .send({ view: { screen: 'devices', name: 'fixture', query: 'q=fixture' } })
        .expect(201);
      const definition = await provider.api
        .post(`/api/v1/config/${environmentId}/admin/versions_definition`)
        .set('Authorization', manager.authorization)
        .attach('version_definition', Buffer.from(metaFile()), { filename: 'fixture.json' });
      return {
        environment: environmentId,
        childEnvironment: child.id,
        user,
        group: Number(group.body.id),
        threshold: await temperatureOf(environmentId),
        childThreshold: await temperatureOf(child.id),
        versionDefinition: Number(definition.body.id),
        webhook,
        device,
        savedView: Number(savedView.body.view.id),
      };
    }

    async function snapshot() {
      const db = provider.provider.context.db;
      return JSON.stringify([
        await db.selectFrom('environments').selectAll().orderBy('id').execute(),
        await db
          .selectFrom('users')
          .select(['id', 'username', 'email', 'permissions', 'is_disabled', 'two_factor_status'])
          .orderBy('id')
          .execute(),
        await db.selectFrom('groups').selectAll().orderBy('id').execute(),
        await db.selectFrom('device_group_members').selectAll().orderBy('group_id').orderBy('device_id').execute(),
        await db.selectFrom('thresholds').selectAll().orderBy('id').execute(),
        await db.selectFrom('version_definitions').selectAll().orderBy('id').execute(),
        await db.selectFrom('satcom_targets').selectAll().orderBy('environment_id').execute(),
        await db.selectFrom('alarm_webhooks').selectAll().orderBy('id').execute(),
        await db.selectFrom('saved_views').selectAll().orderBy('id').execute(),
      ]);
    }

    it("a stranger and a sibling get 'not found' on every call with another tenant's ids, and nothing changes", async () => {
      const envA = await createEnvironment(provider.api, admin, `a-${unique()}`, 1);
      const envB = await createEnvironment(provider.api, admin, `b-${unique()}`, 1);
      const idsA = await fixture(envA, envA.environmentId);
      const idsB = await fixture(envB, envB.environmentId);
      const before = await snapshot();
      for (const spec of CONFIG_CALLS) {
        // B's manager names A's environment: not found.
        const foreignEnvironment = await call(envB, spec, idsA);
        expect(foreignEnvironment.status, spec.name).toBe(404);
        expect(foreignEnvironment.body.error, spec.name).toBe(ErrorCode.INVALID_TOKEN);
        // B's own environment with A's item ids: not found either (calls that name an item).
        const mixedIds = { ...idsA, environment: idsB.environment };
        if (spec.path(mixedIds) !== spec.path(idsB)) {
          const mixed = await call(envB, spec, mixedIds);
          expect(mixed.status, `${spec.name} with a foreign item`).toBe(404);
        }
      }
      expect(await snapshot()).toBe(before);
    }, 60_000);

    it('a parent manager reaches every call in a descendant; the child cannot reach up', async () => {
      const parent = await createEnvironment(provider.api, admin, `p-${unique()}`, 1);
      // HeatSight for it and those below, so the feature-gated calls are open too.
      const granted = await provider.api
        .put(`/api/v1/config/${admin.environmentId}/environments/${parent.id}`)
        .set('Authorization', admin.authorization)
        .send({ environment_name: (await nameOf(parent)) ?? '', enabled_feature_ids: [1, 2] });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      const child = await createEnvironment(provider.api, parent, `c-${unique()}`);
      const idsChild = await fixture(child, child.environmentId);
      for (const spec of CONFIG_CALLS) {
        const response = await call(parent, spec, idsChild);
        if (spec.ownOnly) expect(response.status, `${spec.name}: not the parent's own`).toBe(404);
        else if (spec.simulatorOnly)
          expect(response.body.error, `${spec.name}: no simulator`).toBe(ErrorCode.INVALID_ID);
        else expect(response.status, `${spec.name}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      }
      const idsParent = await fixture(parent, parent.environmentId);
      for (const spec of CONFIG_CALLS) {
        expect((await call(child, spec, idsParent)).status, spec.name).toBe(404);
      }
    }, 60_000);

    it.each(MATRIX_PERMISSIONS)(
      'permission %i opens exactly its calls',
      async (permission) => {
        const manager = await createEnvironment(provider.api, admin, `perm-${permission}-${unique()}`, 1);
        const username = `holder-${permission}-${unique()}`;
        await createUser(provider.api, manager, username, [permission]);
        const holder = await as(
          provider.api,
          username,
          (await provider.api.get('/api/v1/auth/session').set('Authorization', manager.authorization)).body
            .environment_name,
        );
        for (const spec of CONFIG_CALLS) {
          const ids = await fixture(manager, manager.environmentId);
          const response = await call(holder, spec, ids);
          if (spec.ownOnly) {
            expect(response.status, `${spec.name}: not the holder's own`).toBe(404);
          } else if (spec.permission === permission || spec.permission === ANY_USER) {
            // A call that needs several permissions (an array) is refused to a holder of one.
            expect(response.status, `${spec.name}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
          } else {
            expect(response.status, spec.name).toBe(403);
          }
        }
      },
      60_000,
    );
  });
}
