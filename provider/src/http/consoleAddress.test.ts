import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  loginAs,
  startTestProvider,
  TEST_ADMIN_PASSWORD,
  type TestProvider,
} from '../testing/testProvider.js';
import { ConsoleAddress, originOf } from './consoleAddress.js';

const request = (protocol: string, host: string) => ({ protocol, host }) as Parameters<typeof originOf>[0];

describe('the console address (issue 39, item 6)', () => {
  it('takes a request’s scheme and host, and nothing a header smuggles in beside them', () => {
    expect(originOf(request('https', 'noc.example:8443'))).toBe('https://noc.example:8443');
    expect(originOf(request('http', 'NOC.example'))).toBe('http://noc.example');
    for (const host of ['evil.example/path', 'user@evil.example', 'a b', '', 'evil.example#x'])
      expect(originOf(request('http', host)), host).toBeUndefined();
    expect(originOf(request('ftp', 'noc.example'))).toBeUndefined();
  });

  it('a configured address is used for every link; without one, links to others ignore the request’s host', () => {
    const configured = new ConsoleAddress('https://halo.example', 'http://localhost:8080');
    expect(configured.forCaller(request('http', 'elsewhere.example') as never)).toBe('https://halo.example');
    const unconfigured = new ConsoleAddress(undefined, 'http://localhost:8080');
    expect(unconfigured.forCaller(request('http', 'noc.example:8080') as never)).toBe('http://noc.example:8080');
    expect(unconfigured.forEveryone()).toBe('http://localhost:8080');
    unconfigured.administratorSignedIn(request('http', 'noc.example:8080') as never);
    expect(unconfigured.forEveryone()).toBe('http://noc.example:8080');
  });
});

describe.each(DIALECTS)('links without HALO_PUBLIC_URL on %s', (dialect) => {
  let provider: TestProvider;
  beforeEach(async () => {
    provider = await startTestProvider(dialect, { HALO_PUBLIC_URL: '', HALO_PORT: '8080' });
  });
  afterEach(() => provider.stop());

  const forgot = (host: string) =>
    provider.api.post('/api/v1/auth/forgot').set('X-Forwarded-Host', host).send({ email: 'admin@example.test' });
  const lastLink = () => /https?:\/\/[^\s/]+/.exec(provider.mail.at(-1)?.text ?? '')?.[0];

  it('a reset link never points at a host the asker named; it points where the administrators sign in', async () => {
    await forgot('evil.example').expect(200);
    expect(lastLink()).toBe('http://localhost:8080');
    await provider.api
      .post('/api/v1/auth/login')
      .set('X-Forwarded-Host', 'noc.example:8443')
      .set('X-Forwarded-Proto', 'https')
      .send({ username: 'admin', password: TEST_ADMIN_PASSWORD, environment_name: 'root' })
      .expect(200);
    await forgot('evil.example').expect(200);
    expect(lastLink()).toBe('https://noc.example:8443');
  });

  it('a wall display’s address is where its manager opened the console', async () => {
    const { authorization, body } = await loginAs(provider.api);
    const created = await provider.api
      .post(`/api/v1/config/${Number(body.environment_id)}/wall_displays`)
      .set('Authorization', authorization)
      .set('X-Forwarded-Host', 'wall.example:9000')
      .send({ label: 'NOC left' })
      .expect(201);
    expect(String(created.body.url)).toMatch(/^http:\/\/wall\.example:9000\/wall#display=/);
  });
});
