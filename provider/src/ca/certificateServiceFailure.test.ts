import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPurpose } from '@halo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { CertificateServiceUnavailable, CustomCertificateAuthority } from './customCertificateAuthority.js';

/** A test-only policy that reaches this machine (configuration never allows loopback). */
const loopbackForTest = { purpose: OutboundPurpose.CA_SERVICE, allowedNetworks: ['127.0.0.1/32', '::1/128'] };
const closed = { purpose: OutboundPurpose.CA_SERVICE, allowedNetworks: [] };

describe('a custom CA service that fails', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function service(answer: (path: string) => { status: number; body: string }) {
    const server = createServer((request, response) => {
      const { status, body } = answer(request.url ?? '');
      response.writeHead(status).end(body);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function failureOf(address: string, policy = loopbackForTest) {
    const error: unknown = await new CustomCertificateAuthority(address, policy).issueClientCertificate('cn').then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(CertificateServiceUnavailable);
    return { failure: (error as CertificateServiceUnavailable).failure, detail: (error as Error).message };
  }

  it('names a generic reason for each failure, and keeps the detail for the log', async () => {
    const busy = await failureOf(await service(() => ({ status: 503, body: 'maintenance' })));
    expect(busy).toEqual({
      failure: { reason: 'refusedStatus', status: 503 },
      detail: 'Custom certificate service failed: GET /ca answered 503',
    });
    const noCertificate = await failureOf(
      await service((path) => (path === '/ca' ? { status: 200, body: 'not a PEM' } : { status: 200, body: '{}' })),
    );
    expect(noCertificate.failure).toEqual({ reason: 'badAnswer' });
    const refused = await failureOf(await service(() => ({ status: 200, body: '' })), closed);
    expect(refused.failure).toEqual({ reason: 'addressRefused', rule: 'loopback' });
  });
});
