import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createProviderApp } from '../app.js';
import { DIALECTS, startTestProvider, type TestProvider } from '../testing/testProvider.js';

let test: TestProvider | undefined;

afterEach(async () => {
  await test?.stop().catch(() => undefined);
  test = undefined;
});

describe.each(DIALECTS)('liveness and readiness on %s', (dialect) => {
  it('is live and ready while it runs, not ready once it stops or its database is gone', async () => {
    test = await startTestProvider(dialect);
    let stopping = false;
    const api = supertest(createProviderApp(test.provider.context, () => stopping));
    expect((await api.get('/healthz')).status).toBe(200);
    const ready = await api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');

    stopping = true;
    expect((await api.get('/readyz')).body).toEqual({ status: 'stopping' });
    expect((await api.get('/readyz')).status).toBe(503);
    expect((await api.get('/healthz')).status).toBe(200);

    stopping = false;
    await test.provider.close();
    const gone = await api.get('/readyz');
    expect(gone.status).toBe(503);
    expect(gone.body).toEqual({ status: 'database unavailable' });
    expect((await api.get('/healthz')).status).toBe(200);
  });
});
