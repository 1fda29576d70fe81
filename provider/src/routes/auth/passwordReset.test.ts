import { createServer } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, PASSWORD_RESET_TOKEN_TTL_MS } from '@halo/shared';
import { createMailer } from '../../mail/mailer.js';
import { DIALECTS, loginAs, startTestProvider, type TestProvider } from '../../testing/testProvider.js';

interface Received {
  to: string;
  subject: string;
  text: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; inbox: Received[]; stop: () => Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          inbox.push({ to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const NEW_PASSWORD = 'Fresh-Passw0rd!';

describe.each(DIALECTS)('forgot and reset password on %s', (dialect) => {
  let provider: TestProvider;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeEach(async () => {
    smtp = await startSmtp();
    provider = await startTestProvider(
      dialect,
      {},
      createMailer({ smtpUrl: smtp.url, from: 'Halo Console <no-reply@halo.test>', dataDir: '/nonexistent' }),
    );
  });
  afterEach(async () => {
    await provider.stop();
    await smtp.stop();
  });

  const forgot = (email: unknown) => provider.api.post('/api/v1/auth/forgot').send({ email });
  const tokenFrom = (mail: Received | undefined) => /\/reset\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

  it('mails a reset link over SMTP, and the same answer without mail for an unknown address', async () => {
    const known = await forgot('Admin@Example.test');
    expect(known.status).toBe(200);
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]?.to).toBe('admin@example.test');
    expect(smtp.inbox[0]?.text).toContain('http://console.example.test/reset/');
    const unknown = await forgot('nobody@example.test');
    expect(unknown.body).toEqual(known.body);
    expect(smtp.inbox).toHaveLength(1);
  });

  it('checks the token, refuses a weak password without using it up, then resets once', async () => {
    await forgot('admin@example.test');
    const token = tokenFrom(smtp.inbox[0]);
    expect((await provider.api.post(`/api/v1/auth/check_token/nope-not-a-token-at-all`)).body.error).toBe(
      ErrorCode.FORGOT_RESET,
    );
    const checked = await provider.api.post(`/api/v1/auth/check_token/${token}`);
    expect(checked.status).toBe(200);
    expect(checked.body.username).toBe('admin');

    const weak = await provider.api.post('/api/v1/auth/reset').send({ token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe(ErrorCode.PASSWORD_NOT_VALID);

    await provider.api.post('/api/v1/auth/reset').send({ token, password: NEW_PASSWORD }).expect(200);
    await loginAs(provider.api, 'admin', NEW_PASSWORD);
    const reused = await provider.api.post('/api/v1/auth/reset').send({ token, password: 'Other-Passw0rd!' });
    expect(reused.body.error).toBe(ErrorCode.FORGOT_RESET);
  });

  it('using one reset link voids every older link of the user', async () => {
    await forgot('admin@example.test');
    await forgot('admin@example.test');
    const [older, newer] = [tokenFrom(smtp.inbox[0]), tokenFrom(smtp.inbox[1])];
    expect(older).not.toBe(newer);
    await provider.api.post('/api/v1/auth/reset').send({ token: newer, password: NEW_PASSWORD }).expect(200);
    expect((await provider.api.post(`/api/v1/auth/check_token/${older}`)).body.error).toBe(ErrorCode.FORGOT_RESET);
    const replay = await provider.api.post('/api/v1/auth/reset').send({ token: older, password: 'Other-Passw0rd!' });
    expect(replay.body.error).toBe(ErrorCode.FORGOT_RESET);
    await loginAs(provider.api, 'admin', NEW_PASSWORD);
  });

  it('a password set by a manager voids the user’s outstanding links', async () => {
    const { authorization, body } = await loginAs(provider.api, 'admin');
    const environmentId = Number(body.environment_id);
    const created = await provider.api
      .post(`/api/v1/config/${environmentId}/users`)
      .set('Authorization', authorization)
      .send({
        user: { username: 'field-op', password: NEW_PASSWORD, email: 'field-op@example.test', permissions: [50] },
      });
    expect(created.status).toBe(201);
    await forgot('field-op@example.test');
    const token = tokenFrom(smtp.inbox[0]);
    await provider.api
      .put(`/api/v1/config/${environmentId}/users/${created.body.id}`)
      .set('Authorization', authorization)
      .send({
        user: {
          username: 'field-op',
          password: 'Manager-Set-Passw0rd!',
          email: 'field-op@example.test',
          permissions: [50],
        },
      })
      .expect(200);
    const reset = await provider.api.post('/api/v1/auth/reset').send({ token, password: 'Other-Passw0rd!' });
    expect(reset.body.error).toBe(ErrorCode.FORGOT_RESET);
  });

  it('a new e-mail address set on a user by a manager voids the links sent to the old one', async () => {
    const { authorization, body } = await loginAs(provider.api, 'admin');
    const environmentId = Number(body.environment_id);
    const user = { username: 'field-op', email: 'old-address@example.test', permissions: [50] };
    const created = await provider.api
      .post(`/api/v1/config/${environmentId}/users`)
      .set('Authorization', authorization)
      .send({ user: { ...user, password: NEW_PASSWORD } });
    expect(created.status).toBe(201);
    const update = (changes: Record<string, unknown>) =>
      provider.api
        .put(`/api/v1/config/${environmentId}/users/${created.body.id}`)
        .set('Authorization', authorization)
        .send({ user: { ...user, password: null, ...changes } })
        .expect(200);
    await forgot('old-address@example.test');
    const token = tokenFrom(smtp.inbox[0]);
    // An edit that keeps the address keeps the link: only a change of address voids it.
    await update({ description: 'night shift' });
    expect((await provider.api.post(`/api/v1/auth/check_token/${token}`)).status).toBe(200);

    await update({ email: 'new-address@example.test' });
    expect((await provider.api.post(`/api/v1/auth/check_token/${token}`)).body.error).toBe(ErrorCode.FORGOT_RESET);
    const reset = await provider.api.post('/api/v1/auth/reset').send({ token, password: 'Other-Passw0rd!' });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe(ErrorCode.FORGOT_RESET);
    // The password stays the one the user had; the new address gets links that work.
    await loginAs(provider.api, 'field-op', NEW_PASSWORD);
    await forgot('new-address@example.test');
    expect((await provider.api.post(`/api/v1/auth/check_token/${tokenFrom(smtp.inbox[1])}`)).status).toBe(200);
  });

  it('a new e-mail address set on an environment’s manager from above voids the links sent to the old one', async () => {
    const { authorization, body } = await loginAs(provider.api, 'admin');
    const environmentId = Number(body.environment_id);
    const environment = {
      environment_name: 'east',
      username: 'eastmgr',
      email: 'east-old@example.test',
      description: null,
    };
    const created = await provider.api
      .post(`/api/v1/config/${environmentId}/environments`)
      .set('Authorization', authorization)
      .send({ ...environment, password: NEW_PASSWORD });
    expect(created.status).toBe(201);
    await forgot('east-old@example.test');
    const token = tokenFrom(smtp.inbox[0]);
    expect((await provider.api.post(`/api/v1/auth/check_token/${token}`)).status).toBe(200);
    await provider.api
      .put(`/api/v1/config/${environmentId}/environments/${created.body.id}`)
      .set('Authorization', authorization)
      .send({ ...environment, email: 'east-new@example.test', password: null })
      .expect(200);
    const reset = await provider.api.post('/api/v1/auth/reset').send({ token, password: 'Other-Passw0rd!' });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe(ErrorCode.FORGOT_RESET);
    await loginAs(provider.api, 'eastmgr', NEW_PASSWORD, 'east');
  });

  it('two managers sharing an address get one mail each, naming their environment, and the link says whose it is', async () => {
    const { authorization, body } = await loginAs(provider.api, 'admin');
    const environmentId = Number(body.environment_id);
    // The same manager name and address in two environments: only the environment tells them apart.
    for (const name of ['north-ops', 'south-ops']) {
      await provider.api
        .post(`/api/v1/config/${environmentId}/environments`)
        .set('Authorization', authorization)
        .send({ environment_name: name, username: 'opsmgr', password: NEW_PASSWORD, email: 'noc@example.test' })
        .expect(201);
    }
    await forgot('noc@example.test');
    expect(smtp.inbox).toHaveLength(2);
    const named = new Set<string>();
    for (const mail of smtp.inbox) {
      const checked = await provider.api.post(`/api/v1/auth/check_token/${tokenFrom(mail)}`);
      expect(checked.status).toBe(200);
      // A public answer: only what the link's holder needs to know whose password it sets.
      expect(Object.keys(checked.body).sort()).toEqual(['environment_name', 'username', 'valid']);
      expect(checked.body.username).toBe('opsmgr');
      const environment = String(checked.body.environment_name);
      const other = environment === 'north-ops' ? 'south-ops' : 'north-ops';
      named.add(environment);
      expect(mail.subject).toContain(environment);
      expect(mail.subject).not.toContain(other);
      expect(mail.text).toContain(environment);
      expect(mail.text).not.toContain(other);
      // The product does not know the person's language: the mail says it in every locale (he-IL too).
      expect(mail.text).toMatch(/[\u0590-\u05FF]/);
      expect(mail.text.split(environment).length - 1).toBeGreaterThanOrEqual(2);
    }
    expect([...named].sort()).toEqual(['north-ops', 'south-ops']);
  });

  it('refuses an expired token with error 2', async () => {
    await forgot('admin@example.test');
    provider.clock.now += PASSWORD_RESET_TOKEN_TTL_MS + 1;
    const response = await provider.api
      .post('/api/v1/auth/reset')
      .send({ token: tokenFrom(smtp.inbox[0]), password: NEW_PASSWORD });
    expect(response.body.error).toBe(ErrorCode.FORGOT_RESET);
  });

  it('answers garbage with error 1', async () => {
    for (const body of [{ email: { $gt: '' } }, { email: 'a@b.c', extra: 1 }, {}]) {
      const response = await provider.api.post('/api/v1/auth/forgot').send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(ErrorCode.MISSING_VALUES);
    }
    const reset = await provider.api.post('/api/v1/auth/reset').send({ token: 5, password: true });
    expect(reset.body.error).toBe(ErrorCode.MISSING_VALUES);
    expect(smtp.inbox).toHaveLength(0);
  });
});
