import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  LOOPBACK_CONFIGURABLE_PURPOSES,
  OUTBOUND_NETWORK_SETTINGS,
  OutboundAddressRule,
  OutboundFailureReason,
  type OutboundFailure,
  type OutboundPurpose,
} from '@halo/shared';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Where the provider may call out to an address a tenant typed (a custom CA service, a
 * satcom target): the address must not reach the provider's own host or network
 * (server-side request forgery).
 *
 * - Loopback, link-local and reserved addresses (unspecified, multicast, broadcast,
 *   documentation and other special ranges) are never called.
 * - Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are called only inside
 *   networks the operator lists for the purpose (HALO_CA_ALLOWED_NETWORKS,
 *   HALO_SATCOM_ALLOWED_NETWORKS, HALO_WEBHOOK_ALLOWED_NETWORKS: CIDR, comma separated, each
 *   inside a private range).
 * - Loopback is called only for a purpose whose setting may list it (alarm webhooks: a relay on
 *   the provider's own host, issue 27), and only inside the loopback blocks it lists.
 * - The check is made on the addresses the name resolves to, at connect time, so DNS
 *   rebinding cannot slip past it (this module's lookup, and request-filtering-agent's on the
 *   same lists behind it); redirects are never followed.
 * - A failure is a generic reason (shared `OutboundFailure`) for the user; its detail (which
 *   address a name resolved to, the socket's error) is the caller's to log, never to answer.
 */
export interface OutboundPolicy {
  /** What the calls are for: names the setting that lists the networks. */
  readonly purpose: OutboundPurpose;
  /** CIDR blocks of private networks that may be called. */
  readonly allowedNetworks: readonly string[];
}

/** The private ranges; a configured network must lie inside one of them. */
const PRIVATE_RANGES: readonly string[] = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  'fc00::/7',
];

/** The loopback ranges, which a purpose of LOOPBACK_CONFIGURABLE_PURPOSES may also list. */
const LOOPBACK_RANGES: readonly string[] = ['127.0.0.0/8', '::1/128'];

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function inBlock(address: Address, block: string): boolean {
  const [network, bits] = ipaddr.parseCIDR(block);
  return network.kind() === address.kind() && address.match(network, bits);
}

/** The rule an address falls under, or null for a public address. */
function ruleOf(address: Address): OutboundAddressRule | null {
  const range = address.range();
  if (range === 'unicast') return null;
  if (range === 'loopback') return OutboundAddressRule.LOOPBACK;
  if (range === 'linkLocal') return OutboundAddressRule.LINK_LOCAL;
  if (PRIVATE_RANGES.some((block) => inBlock(address, block))) return OutboundAddressRule.PRIVATE;
  return OutboundAddressRule.RESERVED;
}

/**
 * Parses a HALO_*_ALLOWED_NETWORKS list. Each block must lie inside a private range (or, for a
 * purpose of LOOPBACK_CONFIGURABLE_PURPOSES, a loopback range): anything else (a link-local,
 * reserved or public block, or one that spans such a range) is a configuration error, so no
 * configuration opens what is never called.
 */
export function parseAllowedNetworks(text: string | undefined, purpose: OutboundPurpose): string[] {
  const variable = OUTBOUND_NETWORK_SETTINGS[purpose];
  const blocks = (text ?? '')
    .split(',')
    .map((block) => block.trim())
    .filter((block) => block !== '');
  const ranges = LOOPBACK_CONFIGURABLE_PURPOSES.has(purpose) ? [...PRIVATE_RANGES, ...LOOPBACK_RANGES] : PRIVATE_RANGES;
  for (const block of blocks) {
    if (!ipaddr.isValidCIDR(block)) throw new Error(`${variable}: ${block} is not a CIDR block`);
    const [network, bits] = ipaddr.parseCIDR(block);
    const inside = ranges.some((range) => {
      const [rangeNetwork, rangeBits] = ipaddr.parseCIDR(range);
      return network.kind() === rangeNetwork.kind() && bits >= rangeBits && network.match(rangeNetwork, rangeBits);
    });
    if (!inside) {
      throw new Error(
        LOOPBACK_CONFIGURABLE_PURPOSES.has(purpose)
          ? `${variable}: ${block} is not inside a private or loopback range (${ranges.join(', ')}); link-local, reserved and public blocks are never allowed`
          : `${variable}: ${block} is not inside a private range (${PRIVATE_RANGES.join(', ')}); loopback, link-local, reserved and public blocks are never allowed`,
      );
    }
  }
  return blocks;
}

/**
 * The rule that refuses an address literal under the policy, or null when it may be called.
 * Host names answer null here: they are checked on what they resolve to when called.
 */
export function refusalOf(host: string, policy: OutboundPolicy): OutboundAddressRule | null {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const address = ipaddr.process(bare);
  const rule = ruleOf(address);
  if (rule === null) return null;
  // Only a private block can be configured (parseAllowedNetworks), or a loopback one for a
  // purpose that may call loopback; tests may list loopback for any purpose.
  return policy.allowedNetworks.some((block) => inBlock(address, block)) ? null : rule;
}

/** Whether an address literal may be called under the policy (host names: see refusalOf). */
export const isCallableAddress = (host: string, policy: OutboundPolicy): boolean => refusalOf(host, policy) === null;

/** A call that did not go through: `failure` is what a user may read, the message is the detail for the log. */
export class OutboundCallFailed extends Error {
  constructor(
    readonly failure: OutboundFailure,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
    this.name = 'OutboundCallFailed';
  }
}

const TLS_ERROR_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

/** The generic reason of a socket or request error. */
function failureOfError(error: unknown): OutboundCallFailed {
  if (error instanceof OutboundCallFailed) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  const reason =
    code === 'ETIMEDOUT'
      ? OutboundFailureReason.TIMED_OUT
      : TLS_ERROR_CODE.test(code)
        ? OutboundFailureReason.TLS_FAILED
        : OutboundFailureReason.UNREACHABLE;
  return new OutboundCallFailed({ reason }, detail, { cause: error });
}

/**
 * Resolves a name and refuses it when any address it resolves to is refused by the policy. The
 * refusal reads as the name not being reachable (issue 39, item 8): telling "a loopback address"
 * apart from "unreachable" would let a tenant map what internal names resolve to. Which address
 * and which rule is the detail, for the server log only. (An address typed as a literal is
 * refused with its rule: it tells the caller nothing they did not write.)
 */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '');
        return;
      }
      for (const { address } of addresses) {
        const rule = refusalOf(address, policy);
        if (rule !== null) {
          callback(
            new OutboundCallFailed(
              { reason: OutboundFailureReason.UNREACHABLE },
              `${hostname} resolves to ${address}, a ${rule} address the ${policy.purpose} policy does not call`,
            ),
            '',
          );
          return;
        }
      }
      const [first] = addresses;
      if (options.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
      else callback(Object.assign(new Error(`${hostname} resolves to no address`), { code: 'ENOTFOUND' }), '');
    });
  };
}

export interface OutboundAnswer {
  readonly status: number;
  readonly body: string;
}

const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One HTTP call out under the policy: addresses checked after resolution, no redirect
 * followed, a deadline and a bounded answer. The deadline covers the whole exchange (the name's
 * resolution, connecting, sending, the answer's last byte), not the socket's idle time: a
 * target that answers a byte at a time is cut when it passes. Any other status is answered for
 * the caller to judge. Every failure rejects with OutboundCallFailed.
 */
export function callOutbound(
  url: URL,
  init: {
    readonly method: 'GET' | 'POST';
    readonly json?: unknown;
    /** A JSON body already serialised (one whose exact bytes are signed); wins over `json`. */
    readonly jsonText?: string;
    readonly headers?: Readonly<Record<string, string>>;
    /** How long the whole exchange may take. */
    readonly deadlineMs: number;
  },
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') {
    return Promise.reject(
      new OutboundCallFailed({ reason: OutboundFailureReason.UNREACHABLE }, `unsupported scheme ${url.protocol}`),
    );
  }
  const rule = refusalOf(url.hostname, policy);
  if (rule !== null) {
    return Promise.reject(
      new OutboundCallFailed(
        { reason: OutboundFailureReason.ADDRESS_REFUSED, rule },
        `${url.hostname} is a ${rule} address the ${policy.purpose} policy does not call`,
      ),
    );
  }
  const filter = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: [...policy.allowedNetworks],
  };
  const agent = secure ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
  const body = init.jsonText ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  const send = secure ? httpsRequest : httpRequest;
  let deadline: NodeJS.Timeout | undefined;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let settled = false;
    /** The first outcome counts: the socket's own errors after the deadline cut it are not the reason. */
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(failureOfError(error));
      request.destroy();
    };
    const request = send(url, {
      method: init.method,
      agent,
      lookup: guardedLookup(policy),
      headers: {
        ...init.headers,
        ...(body === undefined
          ? {}
          : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
      },
    });
    deadline = setTimeout(
      () =>
        fail(
          new OutboundCallFailed(
            { reason: OutboundFailureReason.TIMED_OUT },
            `${url.host} did not finish the exchange within ${init.deadlineMs} ms`,
          ),
        ),
      init.deadlineMs,
    );
    request.on('error', fail);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        fail(
          new OutboundCallFailed(
            { reason: OutboundFailureReason.REDIRECTED, status },
            `${url.host} answered a redirect (${status}) to ${response.headers.location ?? 'nowhere'}, which is not followed`,
          ),
        );
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          fail(
            new OutboundCallFailed(
              { reason: OutboundFailureReason.BAD_ANSWER },
              `${url.host} answered more than ${MAX_ANSWER_BYTES} bytes`,
            ),
          );
        } else chunks.push(chunk);
      });
      response.on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', fail);
    });
    request.end(body);
  }).finally(() => {
    clearTimeout(deadline);
    agent.destroy();
  });
}
