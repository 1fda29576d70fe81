import { API_BASE, Permission } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { as, createUser } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

const PREFERENCES = `${API_BASE}/preferences`;
const SESSION = `${API_BASE}/auth/session`;

describe.each(DIALECTS)('preferences on %s (issue 39, item 15)', (dialect) => {
  const suite = useAdminSuite(dialect);

  it("a user's time zone is their own, carried by their session; null is the browser's again", async () => {
    const { api } = suite.provider;
    await createUser(api, suite.admin, 'night-shift', [Permission.LOGS_VIEW]);
    const user = await as(api, 'night-shift', 'root');
    expect((await api.get(SESSION).set('Authorization', user.authorization)).body.time_zone).toBeNull();

    const set = await api
      .put(PREFERENCES)
      .set('Authorization', user.authorization)
      .send({ time_zone: 'Asia/Jerusalem' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ time_zone: 'Asia/Jerusalem' });
    expect((await api.get(SESSION).set('Authorization', user.authorization)).body.time_zone).toBe('Asia/Jerusalem');
    // Nobody else's changes.
    expect((await api.get(SESSION).set('Authorization', suite.admin.authorization)).body.time_zone).toBeNull();

    const cleared = await api.put(PREFERENCES).set('Authorization', user.authorization).send({ time_zone: null });
    expect(cleared.body).toEqual({ time_zone: null });
    expect((await api.get(SESSION).set('Authorization', user.authorization)).body.time_zone).toBeNull();
  });

  it('keeps a zone by its current IANA name: Asia/Calcutta is saved as Asia/Kolkata', async () => {
    const { api } = suite.provider;
    await createUser(api, suite.admin, 'kolkata-user', []);
    const user = await as(api, 'kolkata-user', 'root');
    const set = await api
      .put(PREFERENCES)
      .set('Authorization', user.authorization)
      .send({ time_zone: 'Asia/Calcutta' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ time_zone: 'Asia/Kolkata' });
    expect((await api.get(SESSION).set('Authorization', user.authorization)).body.time_zone).toBe('Asia/Kolkata');
  });

  it('refuses a zone that is no IANA name with the validation error', async () => {
    const { api } = suite.provider;
    for (const time_zone of ['Mars/Olympus_Mons', '', 'UTC+2; DROP TABLE users', 42]) {
      const refused = await api.put(PREFERENCES).set('Authorization', suite.admin.authorization).send({ time_zone });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ time_zone: expect.stringMatching(/^validation\./) });
    }
    expect((await api.get(SESSION).set('Authorization', suite.admin.authorization)).body.time_zone).toBeNull();
  });

  it('refuses a caller without a session', async () => {
    const refused = await suite.provider.api.put(PREFERENCES).send({ time_zone: 'UTC' });
    expect(refused.status).toBe(401);
  });
});
