import { API_BASE, apiPaths } from '@halo/shared';
import { expect } from 'vitest';
import type { Actor } from './people.js';
import type { TestProvider } from './testProvider.js';

type Api = TestProvider['api'];

export const clientDevice = (name: string, pairingId = `SN-${name}`) => ({ name, pairing_id: pairingId });

export const serverDevice = (name: string, from: number, to: number, pairingId = `SN-${name}`) => ({
  name,
  pairing_id: pairingId,
  is_server: true,
  ip_addresses: ['10.0.0.1'],
  ports: { from, to },
});

export async function createDevice(
  api: Api,
  actor: Actor,
  device: object,
  environmentId = actor.environmentId,
): Promise<number> {
  const response = await api
    .post(`${API_BASE}${apiPaths.devices.list(environmentId)}`)
    .set('Authorization', actor.authorization)
    .send({ device });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return Number(response.body.id);
}

/** A multipart/form-data body built by hand, for bodies a form library would refuse to build. */
export function multipartBody(
  parts: readonly { name: string; fileName?: string; contentType?: string; data: string | Buffer }[],
) {
  const boundary = '----halo-test-boundary-7f3a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
