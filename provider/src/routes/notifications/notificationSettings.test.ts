import { API_BASE, apiPaths, ErrorCode, Permission, Severity } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { as, createEnvironment, createUser, STRONG_PASSWORD } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

const SETTINGS = `${API_BASE}/notification_settings`;

/** The token of the last link mailed to `to` (…/confirm-email/<token> or …/reset/<token>). */
function linkToken(mail: readonly { to: string; text: string }[], to: string, kind: 'confirm-email' | 'reset'): string {
  const message = mail.filter((sent) => sent.to === to).at(-1);
  const token = message?.text.match(new RegExp(`/${kind}/([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${kind} link mailed to ${to}`);
  return token;
}

describe.each(DIALECTS)('notification settings on %s (issue 39, item 1)', (dialect) => {
  const suite = useAdminSuite(dialect);

  it('a manager sets their own severity; an ordinary user may not change theirs, but may send it unchanged', async () => {
    const { api } = suite.provider;
    const mine = await api.get(SETTINGS).set('Authorization', suite.admin.authorization);
    expect(mine.body).toMatchObject({ severity: Severity.CRITICAL, severity_editable: true, pending_email: null });

    const lowered = await api
      .put(SETTINGS)
      .set('Authorization', suite.admin.authorization)
      .send({ email_alarms: true, locale: 'en-US', severity: Severity.MINOR });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body).toMatchObject({ severity: Severity.MINOR, severity_editable: true });
    const stored = await suite.provider.provider.context.db
      .selectFrom('users')
      .select('severity')
      .where('id', '=', suite.admin.userId)
      .executeTakeFirstOrThrow();
    expect(stored.severity).toBe(Severity.MINOR);

    await createUser(api, suite.admin, 'operator', [Permission.LOGS_VIEW]);
    const operator = await as(api, 'operator', 'root');
    const theirs = await api.get(SETTINGS).set('Authorization', operator.authorization);
    expect(theirs.body).toMatchObject({
      severity: Severity.CRITICAL,
      severity_editable: false,
      email: 'operator@example.test',
      pending_email: null,
    });
    const refused = await api
      .put(SETTINGS)
      .set('Authorization', operator.authorization)
      .send({ email_alarms: false, locale: 'he-IL', severity: Severity.NORMAL });
    expect(refused.status).toBe(403);
    const unchanged = await api.get(SETTINGS).set('Authorization', operator.authorization);
    expect(unchanged.body).toMatchObject({ severity: Severity.CRITICAL, email_alarms: true, locale: 'en-US' });
    const same = await api
      .put(SETTINGS)
      .set('Authorization', operator.authorization)
      .send({ email_alarms: false, locale: 'he-IL', severity: Severity.CRITICAL });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ email_alarms: false, locale: 'he-IL', severity: Severity.CRITICAL });
  });

  it("a parent's manager sets a child manager's severity; the child cannot raise its own through Environments", async () => {
    const { api } = suite.provider;
    const created = await api
      .post(`${API_BASE}${apiPaths.environments.list(suite.admin.environmentId)}`)
      .set('Authorization', suite.admin.authorization)
      .send({
        environment_name: 'plant',
        username: 'plant-manager',
        password: STRONG_PASSWORD,
        email: 'plant@example.test',
        severity: Severity.MAJOR,
      });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.environment.severity).toBe(Severity.MAJOR);
    const plantId = Number(created.body.id);
    const edited = await api
      .put(`${API_BASE}${apiPaths.environments.item(suite.admin.environmentId, plantId)}`)
      .set('Authorization', suite.admin.authorization)
      .send({ environment_name: 'plant', severity: Severity.NORMAL });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.environment.severity).toBe(Severity.NORMAL);

    const plant = await as(api, 'plant-manager', 'plant');
    expect((await api.get(SETTINGS).set('Authorization', plant.authorization)).body.severity).toBe(Severity.NORMAL);
    // Renaming its own environment with a severity leaves the manager's as the parent set it.
    const own = await api
      .put(`${API_BASE}${apiPaths.environments.item(plant.environmentId, plantId)}`)
      .set('Authorization', plant.authorization)
      .send({ environment_name: 'plant', severity: Severity.CRITICAL });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.environment.severity).toBe(Severity.NORMAL);
  });

  it('a manager changes their e-mail address by a link mailed to the new one, used once', async () => {
    const { api, mail } = suite.provider;
    const before = await api.get(SETTINGS).set('Authorization', suite.admin.authorization);
    const oldEmail = before.body.email as string | null;
    const asked = await api
      .post(`${SETTINGS}/email`)
      .set('Authorization', suite.admin.authorization)
      .send({ email: 'noc-lead@example.test' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ email: oldEmail, pending_email: 'noc-lead@example.test' });
    const token = linkToken(mail, 'noc-lead@example.test', 'confirm-email');
    expect(mail.at(-1)?.subject).toContain('admin');

    // Asking again voids the first link: only the last address asked for can be set.
    await api
      .post(`${SETTINGS}/email`)
      .set('Authorization', suite.admin.authorization)
      .send({ email: 'noc@example.test' });
    const stale = await api.post(`${API_BASE}/auth/confirm_email`).send({ token });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe(ErrorCode.FORGOT_RESET);
    expect((await api.get(SETTINGS).set('Authorization', suite.admin.authorization)).body.email).toBe(oldEmail);

    // An address not yet confirmed is not the account's: it gets no reset link.
    const forgot = await api.post(`${API_BASE}/auth/forgot`).send({ email: 'noc@example.test' });
    expect(forgot.status).toBe(200);
    expect(mail.filter((sent) => sent.to === 'noc@example.test' && sent.text.includes('/reset/'))).toHaveLength(0);

    const fresh = linkToken(mail, 'noc@example.test', 'confirm-email');
    const confirmed = await api.post(`${API_BASE}/auth/confirm_email`).send({ token: fresh });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ ok: true, email: 'noc@example.test' });
    const after = await api.get(SETTINGS).set('Authorization', suite.admin.authorization);
    expect(after.body).toMatchObject({ email: 'noc@example.test', pending_email: null });
    const again = await api.post(`${API_BASE}/auth/confirm_email`).send({ token: fresh });
    expect(again.status).toBe(400);

    // The new address now gets the reset link.
    await api.post(`${API_BASE}/auth/forgot`).send({ email: 'noc@example.test' });
    expect(linkToken(mail, 'noc@example.test', 'reset')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses an ordinary user, an address another account of the environment has, and hostile tokens', async () => {
    const { api, mail } = suite.provider;
    await createUser(api, suite.admin, 'operator', [Permission.LOGS_VIEW]);
    const operator = await as(api, 'operator', 'root');
    const sent = mail.length;
    const ordinary = await api
      .post(`${SETTINGS}/email`)
      .set('Authorization', operator.authorization)
      .send({ email: 'mine@example.test' });
    expect(ordinary.status).toBe(403);
    const taken = await api
      .post(`${SETTINGS}/email`)
      .set('Authorization', suite.admin.authorization)
      .send({ email: 'operator@example.test' });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe(ErrorCode.EMAIL_EXISTS);
    const garbage = await api
      .post(`${SETTINGS}/email`)
      .set('Authorization', suite.admin.authorization)
      .send({ email: 'not an address\r\nBcc: x@example.test' });
    expect(garbage.status).toBe(400);
    expect(mail.length).toBe(sent);
    const anonymous = await api.post(`${SETTINGS}/email`).send({ email: 'x@example.test' });
    expect(anonymous.status).toBe(401);

    for (const token of ['', 'short', 'x'.repeat(64), '../../etc/passwd', 'a'.repeat(200)]) {
      const answer = await api.post(`${API_BASE}/auth/confirm_email`).send({ token });
      expect(answer.status, token).toBe(400);
    }
    // Another environment's manager may take an address used in root: uniqueness is per environment.
    const child = await createEnvironment(api, suite.admin, 'plant');
    const elsewhere = await api
      .post(`${SETTINGS}/email`)
      .set('Authorization', child.authorization)
      .send({ email: 'operator@example.test' });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });
});
