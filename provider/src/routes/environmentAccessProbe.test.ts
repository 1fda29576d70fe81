import { API_BASE, environmentAccessProbe, Permission, type EnvironmentWatchCapability } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_HEADER } from '../auth/sessions.js';
import { useAdminSuite } from '../testing/adminSuite.js';
import { as, createEnvironment, createUser, type Actor } from '../testing/people.js';
import { DIALECTS } from '../testing/testProvider.js';

/**
 * The gateway admits a live subscription to an environment other than the session's own by
 * asking the provider environmentAccessProbe with the subscriber's token (gateway
 * environmentAccess.ts): here the real provider answers it as the gateway reads the answer
 * (200 may watch, 403 lacks the capability, 404 out of reach).
 */
describe.each(DIALECTS)('the environment access probe on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const probe = async (actor: Actor, capability: EnvironmentWatchCapability, environmentId: number) =>
    (
      await suite.provider.api
        .get(`${API_BASE}${environmentAccessProbe(capability, environmentId)}`)
        .set('Authorization', actor.authorization)
        .set(BACKGROUND_HEADER, '1')
    ).status;

  it('answers by the capability asked and the reach of the token', async () => {
    const child = await createEnvironment(suite.provider.api, suite.admin, 'probed-branch');
    await createUser(suite.provider.api, suite.admin, 'logs-only', [Permission.LOGS_VIEW]);
    await createUser(suite.provider.api, suite.admin, 'devices-only', [Permission.DEVICES_VIEW]);
    const logsOnly = await as(suite.provider.api, 'logs-only', 'root');
    const devicesOnly = await as(suite.provider.api, 'devices-only', 'root');
    const other = await createEnvironment(suite.provider.api, suite.admin, 'other-branch');

    // A logs-view user of the parent watches the child's logs and alarms, not its devices.
    expect(await probe(logsOnly, 'logs.view', child.id)).toBe(200);
    expect(await probe(logsOnly, 'devices.view', child.id)).toBe(403);
    expect(await probe(devicesOnly, 'devices.view', child.id)).toBe(200);
    expect(await probe(devicesOnly, 'logs.view', child.id)).toBe(403);
    // From the child, its sibling and its parent are out of reach whatever the capability.
    for (const capability of ['devices.view', 'logs.view'] as const) {
      expect(await probe(child, capability, other.id)).toBe(404);
      expect(await probe(child, capability, suite.admin.environmentId)).toBe(404);
    }
  });
});
