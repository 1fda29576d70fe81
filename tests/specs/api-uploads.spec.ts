import { API_BASE, apiPaths, ErrorCode } from '@halo/shared';
import { expect, test } from '../fixtures/test';

/** Uploads through the gateway to the provider, across the real process boundary. */
test.use({ stackEnv: { HALO_E2E_STACK: 'api-uploads' } });

const api = (path: string) => `${API_BASE}${path}`;

test('an upload refused early does not leave its body on the gateway’s connection for the next caller', async ({
  request,
  stack,
}) => {
  const response = await request.post(api(apiPaths.auth.login), {
    data: { username: 'admin', password: stack.adminPassword, environment_name: 'root' },
  });
  const session = await response.json();
  const headers = { Authorization: `${session.token.token_type} ${session.token.access_token}` };
  const row = 'dev-x,SN-x,1,false,,,\n';
  const oversized = Buffer.from(
    `name,pairing_id,type,is_server,ip_addresses,ports_from,ports_to\n${row.repeat(Math.ceil((21 * 1024 * 1024) / row.length))}`,
  );
  for (let round = 0; round < 4; round += 1) {
    const refused = await request.post(api(apiPaths.devices.import(session.environment_id)), {
      headers,
      multipart: { file: { name: 'devices.csv', mimeType: 'text/csv', buffer: oversized } },
      timeout: 30_000,
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    // Someone else's next call, on a connection of its own to the gateway.
    const started = Date.now();
    const next = await fetch(`${stack.baseURL}${api(apiPaths.serverClock)}`);
    expect(next.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
  }
});
