import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Where a custom CA service may be: an environment's manager types its address and the
 * provider calls it, so the address must not reach the provider's own host or network
 * (server-side request forgery).
 *
 * - Loopback, link-local, unspecified, multicast, broadcast and reserved addresses are never
 *   called.
 * - Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are called only inside
 *   networks the operator lists in HALO_CA_ALLOWED_NETWORKS (CIDR, comma separated).
 * - The check is made on the addresses the name resolves to, at connect time
 *   (request-filtering-agent), so DNS rebinding cannot slip past it; redirects are never
 *   followed.
 */
export interface CaNetworkPolicy {
  /** CIDR blocks of private networks where a CA service may be. */
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

/** Parses HALO_CA_ALLOWED_NETWORKS; a block inside a range that is never called is a configuration error. */
export function parseAllowedNetworks(text: string | undefined): string[] {
  const blocks = (text ?? '')
    .split(',')
    .map((block) => block.trim())
    .filter((block) => block !== '');
  for (const block of blocks) {
    if (!ipaddr.isValidCIDR(block)) throw new Error(`HALO_CA_ALLOWED_NETWORKS: ${block} is not a CIDR block`);
    const [network] = ipaddr.parseCIDR(block);
    if (NEVER_CALLED.has(network.range())) {
      throw new Error(`HALO_CA_ALLOWED_NETWORKS: ${block} is a ${network.range()} range, which is never allowed`);
    }
  }
  return blocks;
}

/**
 * Whether an address literal may be called under the policy. Host names answer true here:
 * they are checked on what they resolve to when called.
 */
export function isCallableAddress(host: string, policy: CaNetworkPolicy): boolean {
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

/** The service's base URL: ca_server_address is `host[:port]`, called over HTTP unless it names a scheme. */
export function caServiceUrl(address: string): URL {
  return new URL(/^https?:\/\//.test(address) ? address.replace(/\/+$/, '') : `http://${address}`);
}

export class CaServiceRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaServiceRefused';
  }
}

export interface CaServiceAnswer {
  readonly status: number;
  readonly body: string;
}

const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One HTTP call to a CA service under the policy: addresses checked after resolution, no
 * redirect followed (a 3xx is an error), a time-out and a bounded answer.
 */
export function callCaService(
  url: URL,
  init: { readonly method: 'GET' | 'POST'; readonly json?: unknown; readonly timeoutMs: number },
  policy: CaNetworkPolicy,
): Promise<CaServiceAnswer> {
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:')
    return Promise.reject(new CaServiceRefused(`unsupported scheme ${url.protocol}`));
  if (!isCallableAddress(url.hostname, policy)) {
    return Promise.reject(new CaServiceRefused(`${url.hostname} is not an address a CA service may have`));
  }
  const filter = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: [...policy.allowedNetworks],
  };
  const agent = secure ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<CaServiceAnswer>((resolve, reject) => {
    const request = send(url, {
      method: init.method,
      agent,
      timeout: init.timeoutMs,
      headers:
        body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${init.timeoutMs} ms`)));
    request.on('error', reject);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        reject(new CaServiceRefused(`answered a redirect (${status}), which is not followed`));
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
