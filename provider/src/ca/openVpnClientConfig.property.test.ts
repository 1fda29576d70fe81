import {
  ALLOWED_CUSTOM_KEYS,
  CUSTOM_DIRECTIVES,
  customArguments,
  duplicateCustomKeys,
  isCustomKeyAllowed,
  notAllowedCustomKeys,
  OpenVpnProfileInputSchema,
  type OpenVpnProfile,
} from '@halo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueTestCertificate } from '../testing/issuedCertificate.js';
import { parseOpenVpnConfig, type ParsedDirective } from '../testing/parseOpenVpnConfig.js';
import type { IssuedCertificate } from './certificateAuthority.js';
import { newOpenVpnStaticKey } from './keys.js';
import { openVpnClientConfig } from './openVpnClientConfig.js';
import { UnsafeConfigValue } from './openVpnConfigSyntax.js';
import { certificatePemLines, certificatesFromPem } from './pem.js';
// The simulator's seeded generator (mulberry32): a failing case can be run again by its seed.
import { createRandom as generator, type Random } from '../simulator/random.js';

/** Pieces OpenVPN's reader treats specially, or that a careless writer would pass on. */
const HOSTILE = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u000b',
  '\f',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '"',
  "'",
  '\\',
  '\\"',
  '\\ ',
  '#',
  ';',
  '--',
  '<ca>',
  '</ca>',
  ' </ca>',
  '</auth-user-pass>',
  ' </auth-user-pass>',
  '\t</auth-user-pass>',
  'script-security 2',
  'up /bin/sh',
  'genkey secret /tmp/x',
  'remote evil.example 1',
  '一'.repeat(85),
  'x'.repeat(260),
  'é',
  '😀',
  'ping',
  '10',
  '60',
  'a b',
];

const hostileText = (random: Random) =>
  Array.from({ length: 1 + Math.floor(random.pick([0, 1, 2, 3])) }, () => random.pick(HOSTILE)).join('');

/** A value an allowed key takes: each argument at a bound of its range, or its first word. */
function soundValue(random: Random, key: string): string {
  const directive = CUSTOM_DIRECTIVES.get(key);
  if (!directive) return '';
  const given = random.pick([directive.required ?? directive.args.length, directive.args.length]);
  return directive.args
    .slice(0, given)
    .map((argument, index) =>
      argument.words && (!argument.number || random.chance(0.5))
        ? argument.words[0]
        : String(index === 0 ? argument.number?.min : argument.number?.max),
    )
    .join(random.pick([' ', '  ']));
}

function customRow(random: Random) {
  const key_name = random.chance(0.8)
    ? random.pick(ALLOWED_CUSTOM_KEYS)
    : random.pick(['genkey', 'remote', 'up', 'dev-node', 'Verb', ' ping', hostileText(random)]);
  const key_value = random.chance(0.7) ? soundValue(random, key_name) : hostileText(random);
  return { key_name, key_value };
}

const maybe = <T>(random: Random, value: T, otherwise: T) => (random.chance(0.75) ? value : otherwise);

/** A profile body as a client might send it: each field sound or hostile. */
function profileBody(random: Random) {
  const credentials = random.pick(['static', 'static', 'dynamic', 'none', null] as const);
  return {
    name: maybe(random, 'field-ops', hostileText(random)),
    general_config: {
      encryption_type: random.pick([1, 3]),
      compression_type: random.pick([1, 3]),
      layer_type: random.pick([2, 3]),
    },
    server_config: {
      server_address: random.pick([
        'vpn.example.test',
        '10.8.0.1',
        `${'a'.repeat(60)}.`.repeat(4),
        hostileText(random),
      ]),
      port: random.pick([1194, 443, 65535]),
    },
    advanced_config: {
      auth: random.pick(['sha1', 'sha256', null] as const),
      fragment: random.pick([null, 1300]),
      mssfix: random.pick([null, 1200]),
      remote_cert_tls: random.pick([true, false, null]),
      tls_auth: random.chance(0.5),
      key_direction: random.pick([0, 1, null] as const),
      auth_user_pass:
        credentials === null
          ? null
          : {
              type: credentials,
              username: maybe(random, 'ops', hostileText(random)),
              password: maybe(random, 'S3cret pass', hostileText(random)),
            },
      custom_fields: Array.from({ length: random.pick([0, 1, 2, 3]) }, () => customRow(random)),
    },
  };
}

interface StorableBody {
  readonly name: string;
  readonly general_config: OpenVpnProfile['general_config'];
  readonly server_config: NonNullable<OpenVpnProfile['server_config']>;
  readonly advanced_config: {
    readonly auth_user_pass?: { type: string; username?: string | null; password?: string | null } | null;
    readonly custom_fields?: readonly { key_name: string; key_value: string }[] | null;
  } & Record<string, unknown>;
}

/** What a body becomes in the store: the profile (without the password) and the credentials. */
function stored(body: StorableBody): {
  profile: OpenVpnProfile;
  credentials: { username: string; password: string } | null;
} {
  const userPass = body.advanced_config.auth_user_pass;
  const rows = body.advanced_config.custom_fields ?? [];
  return {
    profile: {
      id: 1,
      name: body.name,
      is_enabled: true,
      is_private: false,
      general_config: body.general_config,
      server_config: body.server_config,
      advanced_config: {
        ...body.advanced_config,
        auth_user_pass: userPass ? { type: userPass.type, username: userPass.username } : null,
        custom_fields: rows.length === 0 ? null : [...rows],
      } as OpenVpnProfile['advanced_config'],
    },
    credentials:
      userPass?.type === 'static' ? { username: userPass.username ?? '', password: userPass.password ?? '' } : null,
  };
}

/** A profile every rule accepts. */
const SOUND: OpenVpnProfile = {
  id: 1,
  name: 'field-ops',
  is_enabled: true,
  is_private: false,
  general_config: { encryption_type: 3, compression_type: 3, layer_type: 3 },
  server_config: { server_address: 'vpn.example.test', port: 1194 },
  advanced_config: null,
};

/** The directives a profile chose, by name: what the file may hold and must hold (the oracle). */
function chosenDirectives(profile: OpenVpnProfile, credentials: boolean, tlsAuth: boolean): string[] {
  const advanced = profile.advanced_config;
  const custom = advanced?.custom_fields?.map((field) => field.key_name) ?? [];
  const chosen = ['client', 'dev', 'proto', 'nobind', 'persist-key', 'persist-tun', 'remote'];
  chosen.push('cipher', 'data-ciphers', profile.general_config?.compression_type === 1 ? 'comp-lzo' : 'compress');
  if (advanced?.auth) chosen.push('auth');
  if (advanced?.fragment) chosen.push('fragment');
  if (advanced?.mssfix) chosen.push('mssfix');
  if (advanced?.remote_cert_tls !== false) chosen.push('remote-cert-tls');
  if (advanced?.auth_user_pass && advanced.auth_user_pass.type !== 'none') chosen.push('auth-user-pass');
  if (!custom.includes('verb')) chosen.push('verb');
  chosen.push(...custom, 'ca', 'cert', 'key');
  if (tlsAuth) chosen.push('key-direction', 'tls-auth');
  if (credentials) chosen.push('auth-user-pass');
  return chosen.sort();
}

let certificate: IssuedCertificate;
const tlsAuthKey = newOpenVpnStaticKey();
beforeAll(async () => {
  certificate = await issueTestCertificate();
});

const CASES = 3000;
/** A few seconds alone; a loaded CI machine may take many times that. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('the .ovpn writer over hostile profiles, read back as OpenVPN 2.6 reads it', () => {
  it(
    `writes exactly the directives the profile chose, or refuses; never refuses what the console accepted (${CASES} profiles)`,
    () => {
      const outcomes = { accepted: 0, refusedButWritable: 0, refusedOnWrite: 0 };
      for (let seed = 1; seed <= CASES; seed += 1) {
        const random = generator(seed);
        const body = profileBody(random);
        const parsed = OpenVpnProfileInputSchema.safeParse(body);
        const rows = parsed.success ? (parsed.data.advanced_config?.custom_fields ?? []) : [];
        const accepted =
          parsed.success && duplicateCustomKeys(rows).length === 0 && notAllowedCustomKeys(rows).length === 0;
        // What the console saved, or (refused now) what a store written before today's rules may hold.
        const saved =
          accepted && parsed.data.advanced_config
            ? { ...parsed.data, advanced_config: parsed.data.advanced_config }
            : body;
        const { profile, credentials } = stored(saved);
        const tlsAuth = body.advanced_config.tls_auth;
        let file: string;
        try {
          file = openVpnClientConfig({ profile, certificate, credentials, tlsAuthKey: tlsAuth ? tlsAuthKey : null });
        } catch (error) {
          expect(error, `seed ${seed}`).toBeInstanceOf(UnsafeConfigValue);
          expect(accepted, `seed ${seed}: the console accepted a profile the writer refuses`).toBe(false);
          outcomes.refusedOnWrite += 1;
          continue;
        }
        outcomes[accepted ? 'accepted' : 'refusedButWritable'] += 1;
        const { directives, inline } = parseOpenVpnConfig(file);
        const context = `seed ${seed}: ${JSON.stringify(body)}`;
        expect(directives.map((found) => found.name).sort(), context).toEqual(
          chosenDirectives(profile, credentials !== null, tlsAuth),
        );
        const customNames = new Set(profile.advanced_config?.custom_fields?.map((field) => field.key_name));
        for (const found of directives.filter((candidate: ParsedDirective) => customNames.has(candidate.name))) {
          expect(isCustomKeyAllowed(found.name), context).toBe(true);
          const field = profile.advanced_config?.custom_fields?.find((row) => row.key_name === found.name);
          expect(found.args, context).toEqual(customArguments(found.name, field?.key_value ?? ''));
        }
        expect(directives.find((found) => found.name === 'remote')?.args, context).toEqual([
          profile.server_config?.server_address,
          String(profile.server_config?.port),
        ]);
        if (credentials)
          expect(inline.get('auth-user-pass'), context).toEqual([credentials.username, credentials.password]);
      }
      // The generator must reach every outcome, or the property says little.
      expect(outcomes.accepted).toBeGreaterThan(CASES / 20);
      expect(outcomes.refusedOnWrite).toBeGreaterThan(CASES / 20);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'keeps a CA answer’s text out of the file whatever surrounds its PEM (1000 answers)',
    () => {
      const caPem = certificatePemLines(certificate.caCertificates[0]!).join('\r\n');
      const expected = certificatePemLines(certificate.caCertificates[0]!);
      for (let seed = 1; seed <= 1000; seed += 1) {
        const random = generator(seed);
        const around = () => Array.from({ length: random.pick([0, 1, 2, 3]) }, () => hostileText(random)).join('\n');
        const answer = `${around()}${random.pick(['', '\n', '\r\n'])}${caPem}${random.pick(['', '\n', '\r\n'])}${around()}`;
        const caCertificates = certificatesFromPem(answer);
        const file = openVpnClientConfig({
          profile: SOUND,
          certificate: { ...certificate, caCertificates },
          credentials: null,
          tlsAuthKey: null,
        });
        const { inline, directives } = parseOpenVpnConfig(file);
        expect(inline.get('ca'), `seed ${seed}: ${JSON.stringify(answer)}`).toEqual(expected);
        expect(directives.filter((found) => found.name === 'ca')).toHaveLength(1);
      }
    },
    PROPERTY_TIMEOUT_MS,
  );
});
