import { describe, expect, it } from 'vitest';
import { API, AuditResource, ErrorCode, Permission, WEBHOOK_MAX_PER_ENVIRONMENT } from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { as, createEnvironment, createUser } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('alarm webhooks (the calls) on %s', (dialect) => {
  const suite = useAdminSuite(dialect, { HALO_WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16' });
  const { send } = suite;
  const good = { name: 'Pager relay', url: 'https://hooks.example.com/halo?x=1', min_severity: 2 };

  it('adds a target with a secret answered once, lists it without the secret, and deletes it; audited', async () => {
    const created = await send(suite.admin, 'post', '/alarm_webhooks', good);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { webhook, secret } = API.webhooks.create.answer.parse(created.body);
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(webhook).toMatchObject({
      name: 'Pager relay',
      url: 'https://hooks.example.com/halo?x=1',
      min_severity: 2,
      created_by: 'admin',
      attempts: 0,
      last_attempt_at: null,
      last_delivered_at: null,
      last_error: null,
    });
    // Sealed at rest: the stored column is not the secret.
    const stored = await suite.provider.provider.context.db
      .selectFrom('alarm_webhooks')
      .select('secret_sealed')
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret.slice(6));
    expect(suite.provider.provider.context.secrets.open(stored.secret_sealed)).toBe(secret);

    const listed = await send(suite.admin, 'get', '/alarm_webhooks');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(API.webhooks.list.answer.parse(listed.body).webhooks).toEqual([webhook]);
    // A minor default, and a private address inside the allowed networks may use plain http.
    const relay = await send(suite.admin, 'post', '/alarm_webhooks', {
      name: 'On-prem relay',
      url: 'http://10.20.1.5:8080/in',
    });
    expect(relay.status, JSON.stringify(relay.body)).toBe(201);
    expect(API.webhooks.create.answer.parse(relay.body).webhook.min_severity).toBe(1);

    expect((await send(suite.admin, 'delete', `/alarm_webhooks/${webhook.id}`)).status).toBe(200);
    expect((await send(suite.admin, 'delete', `/alarm_webhooks/${webhook.id}`)).status).toBe(404);
    expect(API.webhooks.list.answer.parse((await send(suite.admin, 'get', '/alarm_webhooks')).body).webhooks).toEqual([
      expect.objectContaining({ name: 'On-prem relay' }),
    ]);
    const audits = await suite.provider.provider.context.db
      .selectFrom('user_audits')
      .select(['action', 'name', 'detail'])
      .where('resource', '=', AuditResource.ALARM_WEBHOOK)
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'create', name: 'Pager relay', detail: 'https://hooks.example.com/…' },
      { action: 'create', name: 'On-prem relay', detail: 'http://10.20.1.5:8080/…' },
      { action: 'delete', name: 'Pager relay', detail: 'https://hooks.example.com/…' },
    ]);
  });

  it("shows a webhook's scheme and host only in the audit log and its CSV; the manager's own list keeps the address", async () => {
    // Slack-, Teams- and Mattermost-style receivers carry their credential in the path.
    const secretPath = 'services/T0001/B0002/xoxSecretToken42';
    const url = `https://hooks.example.com/${secretPath}?token=alsoSecret`;
    const created = await send(suite.admin, 'post', '/alarm_webhooks', { ...good, name: 'Chat', url });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { webhook } = API.webhooks.create.answer.parse(created.body);
    expect((await send(suite.admin, 'delete', `/alarm_webhooks/${webhook.id}`)).status).toBe(200);
    await send(suite.admin, 'post', '/alarm_webhooks', { ...good, name: 'Chat again', url });
    expect(API.webhooks.list.answer.parse((await send(suite.admin, 'get', '/alarm_webhooks')).body).webhooks).toEqual([
      expect.objectContaining({ name: 'Chat again', url }),
    ]);

    await createUser(suite.provider.api, suite.admin, 'log-viewer', [Permission.LOGS_VIEW]);
    const viewer = await as(suite.provider.api, 'log-viewer', 'root');
    const listed = await send(viewer, 'get', '/user_audits?resources=alarm_webhook');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const entries = API.logs.userAudits.answer.parse(listed.body).user_audits;
    expect(entries.map((entry) => [entry.name, entry.detail])).toEqual([
      ['Chat again', 'https://hooks.example.com/…'],
      ['Chat', 'https://hooks.example.com/…'],
      ['Chat', 'https://hooks.example.com/…'],
    ]);
    const exported = await send(viewer, 'get', '/user_audits/export?resources=alarm_webhook');
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('https://hooks.example.com/…');
    for (const seen of [JSON.stringify(listed.body), exported.text]) {
      expect(seen).not.toContain('xoxSecretToken42');
      expect(seen).not.toContain('alsoSecret');
    }
  });

  it('refuses addresses the policy never calls, plain http outside the allowed networks, and bad bodies', async () => {
    const refusals: [object, string][] = [
      [{ ...good, url: 'https://127.0.0.1/hook' }, 'validation.webhookAddressLoopback'],
      [{ ...good, url: 'https://169.254.169.254/latest' }, 'validation.addressLinkLocal'],
      [{ ...good, url: 'https://192.168.1.9/hook' }, 'validation.webhookAddressPrivate'],
      [{ ...good, url: 'https://0.0.0.0/hook' }, 'validation.addressReserved'],
      [{ ...good, url: 'http://hooks.example.com/halo' }, 'validation.webhookHttpsRequired'],
      [{ ...good, url: 'http://93.184.216.34/halo' }, 'validation.webhookHttpsRequired'],
    ];
    for (const [body, key] of refusals) {
      const response = await send(suite.admin, 'post', '/alarm_webhooks', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({
        error: ErrorCode.MISSING_VALUES,
        fields: { url: key },
      });
    }
    for (const body of [
      { ...good, url: 'ftp://hooks.example.com/' },
      { ...good, url: 'https://user:pass@hooks.example.com/' },
      { ...good, url: 'not a url' },
      { ...good, name: '  ' },
      { ...good, name: 'x'.repeat(65) },
      { ...good, min_severity: 0 },
      { ...good, min_severity: 4 },
      { ...good, secret: 'mine' },
      { name: 'no url' },
    ])
      expect((await send(suite.admin, 'post', '/alarm_webhooks', body)).status, JSON.stringify(body)).toBe(400);
    const count = await suite.provider.provider.context.db
      .selectFrom('alarm_webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it(`holds at most ${WEBHOOK_MAX_PER_ENVIRONMENT} targets per environment`, async () => {
    for (let index = 0; index < WEBHOOK_MAX_PER_ENVIRONMENT; index += 1)
      expect((await send(suite.admin, 'post', '/alarm_webhooks', { ...good, name: `t${index}` })).status).toBe(201);
    const refused = await send(suite.admin, 'post', '/alarm_webhooks', { ...good, name: 'one too many' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: ErrorCode.ALARM_WEBHOOK_LIMIT_REACHED,
      fields: { limit: WEBHOOK_MAX_PER_ENVIRONMENT },
    });
  });

  it("is for managers; another environment's target is not found; a parent's manager reaches below", async () => {
    const created = await send(suite.admin, 'post', '/alarm_webhooks', good);
    const rootHook = API.webhooks.create.answer.parse(created.body).webhook;
    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'sibling');
    await createUser(suite.provider.api, suite.admin, 'operator', [
      Permission.LOGS_VIEW,
      Permission.ALARMS_ACKNOWLEDGE,
      Permission.ADMIN_UPDATE_ALL,
    ]);
    const operator = await as(suite.provider.api, 'operator', 'root');
    expect((await send(operator, 'get', '/alarm_webhooks')).status).toBe(403);
    expect((await send(operator, 'post', '/alarm_webhooks', good)).status).toBe(403);
    expect((await send(operator, 'delete', `/alarm_webhooks/${rootHook.id}`)).status).toBe(403);
    expect((await send(operator, 'post', `/alarm_webhooks/${rootHook.id}/test`)).status).toBe(403);

    // The sibling's manager, on its own path with the root's target id: not found; on the root's path: not found.
    expect((await send(sibling, 'delete', `/alarm_webhooks/${rootHook.id}`)).status).toBe(404);
    expect((await send(sibling, 'post', `/alarm_webhooks/${rootHook.id}/test`)).status).toBe(404);
    const upward = await suite.provider.api
      .get(`/api/v1/config/${suite.admin.environmentId}/alarm_webhooks`)
      .set('Authorization', sibling.authorization);
    expect(upward.status).toBe(404);
    expect(API.webhooks.list.answer.parse((await send(sibling, 'get', '/alarm_webhooks')).body).webhooks).toEqual([]);

    // From above: the root's manager adds one to the sibling, through the sibling's path.
    const fromAbove = await suite.provider.api
      .post(`/api/v1/config/${sibling.id}/alarm_webhooks`)
      .set('Authorization', suite.admin.authorization)
      .send({ ...good, name: 'Sibling pager' });
    expect(fromAbove.status).toBe(201);
    const siblingHooks = API.webhooks.list.answer.parse((await send(sibling, 'get', '/alarm_webhooks')).body).webhooks;
    expect(siblingHooks.map((each) => each.name)).toEqual(['Sibling pager']);
    // The root's list is the root's own.
    expect(
      API.webhooks.list.answer
        .parse((await send(suite.admin, 'get', '/alarm_webhooks')).body)
        .webhooks.map((each) => each.name),
    ).toEqual(['Pager relay']);
    // The root's own path with the sibling's target id: not found (the id is not the root's).
    expect((await send(suite.admin, 'delete', `/alarm_webhooks/${siblingHooks[0]?.id ?? 0}`)).status).toBe(404);
  });
});
