import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Where the provider may call out to an address a tenant typed (a custom CA service, a
 * satcom target): the address must not reach the provider's own host or network
 * (server-side request forgery).
 *
 * - Loopback, link-local, unspecified, multicast, broadcast and reserved addresses are never
 *   called.
 * - Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are called only inside
 *   networks the operator lists for the feature (HALO_CA_ALLOWED_NETWORKS,
 *   HALO_SATCOM_ALLOWED_NETWORKS: CIDR, comma separated).
 * - The check is made on the addresses the name resolves to, at connect time
 *   (request-filtering-agent), so DNS rebinding cannot slip past it; redirects are never
 *   followed.
 */
export interface OutboundPolicy {
  /** CIDR blocks of private networks that may be called. */
  readonly allowedNetworks: readonly string[];
}

/** Ranges no configuration opens (ipaddr.js range names). */
const NEVER_CALLED: ReadonlySet<string> = new Set([
  'loopback',
  'linkLocal',
  'unspecified',
  'multicast',
  'broadcast',
  'reserved',
]);

/** Parses a HALO_*_ALLOWED_NETWORKS list; a block inside a range that is never called is a configuration error. */
export function parseAllowedNetworks(text: string | undefined, variable = 'HALO_CA_ALLOWED_NETWORKS'): string[] {
  const blocks = (text ?? '')
    .split(',')
    .map((block) => block.trim())
    .filter((block) => block !== '');
  for (const block of blocks) {
    if (!ipaddr.isValidCIDR(block)) throw new Error(`${variable}: ${block} is not a CIDR block`);
    const [network] = ipaddr.parseCIDR(block);
    if (NEVER_CALLED.has(network.range())) {
      throw new Error(`${variable}: ${block} is a ${network.range()} range, which is never allowed`);
    }
  }
  return blocks;
}

/**
 * Whether an address literal may be called under the policy. Host names answer true here:
 * they are checked on what they resolve to when called.
 */
export function isCallableAddress(host: string, policy: OutboundPolicy): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return true;
  const address = ipaddr.process(bare);
  const range = address.range();
  if (range === 'unicast') return true;
  if (NEVER_CALLED.has(range)) return false;
  return policy.allowedNetworks.some((block) => {
    const [network, bits] = ipaddr.parseCIDR(block);
    return network.kind() === address.kind() && address.match(network, bits);
  });
}

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface OutboundAnswer {
  readonly status: number;
  readonly body: string;
}

const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One HTTP call out under the policy: addresses checked after resolution, no redirect
 * followed (a 3xx is an error), a time-out and a bounded answer.
 */
export function callOutbound(
  url: URL,
  init: {
    readonly method: 'GET' | 'POST';
    readonly json?: unknown;
    readonly headers?: Readonly<Record<string, string>>;
    readonly timeoutMs: number;
  },
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:')
    return Promise.reject(new OutboundRefused(`unsupported scheme ${url.protocol}`));
  if (!isCallableAddress(url.hostname, policy)) {
    return Promise.reject(new OutboundRefused(`${url.hostname} is not an address that may be called`));
  }
  const filter = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: [...policy.allowedNetworks],
  };
  const agent = secure ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = send(url, {
      method: init.method,
      agent,
      timeout: init.timeoutMs,
      headers: {
        ...init.headers,
        ...(body === undefined
          ? {}
          : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
      },
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${init.timeoutMs} ms`)));
    // The filtering agent refuses a name that resolves to a forbidden address: that is the policy's refusal too.
    request.on('error', (error) =>
      reject(/is not allowed/i.test(error.message) ? new OutboundRefused(error.message) : error),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        reject(new OutboundRefused(`answered a redirect (${status}), which is not followed`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) request.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.end(body);
  }).finally(() => agent.destroy());
}
