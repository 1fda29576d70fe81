/**
 * The OpenVPN client directives a profile's custom fields may set: an allow-list. Every user
 * who downloads a certificate gets these in a file their own OpenVPN reads, so a directive
 * is listed only when it cannot write or read files on their machine, run a program, open a
 * port or weaken the tunnel's authentication; each says why. Anything else (the profile's
 * sections' own directives among them) is refused with error 83.
 *
 * Each directive also declares the arguments it takes, so the console accepts exactly what
 * OpenVPN 2.6 reads as meant: whole numbers in a range or fixed words, separated by spaces.
 * No quote, backslash or comment character can get through, so a value never needs quoting.
 */
import { ValidationKey, type ValidationProblem } from '../validation/rules.js';

/** What a number argument counts, for the form's hint. */
export type CustomArgumentUnit = 'seconds' | 'bytes' | 'count' | 'level';

/** One argument: a whole number in a range, a word from a list, or either. */
export interface CustomArgument {
  readonly number?: { readonly unit: CustomArgumentUnit; readonly min: number; readonly max: number };
  readonly words?: readonly string[];
}

export interface CustomDirective {
  /** Why it is safe to hand to every user who opens the file. */
  readonly reason: string;
  readonly args: readonly CustomArgument[];
  /** How many of `args` must be given; the rest may be left off from the end. Defaults to all. */
  readonly required?: number;
  /** A rule between the arguments that OpenVPN enforces. */
  readonly consistent?: (numbers: readonly number[]) => boolean;
  /** Keys OpenVPN refuses beside this one. */
  readonly conflictsWith?: readonly string[];
}

const DAY_SECONDS = 86_400;
const seconds = (min = 0, max = DAY_SECONDS): CustomArgument => ({ number: { unit: 'seconds', min, max } });
const count = (min: number, max: number): CustomArgument => ({ number: { unit: 'count', min, max } });
/** OpenVPN ignores socket buffer sizes above 1,000,000 bytes (SOCKET_SND_RCV_BUF_MAX). */
const socketBuffer: CustomArgument = { number: { unit: 'bytes', min: 0, max: 1_000_000 } };

/** The allow-list, with the reason each entry is safe for every user. */
export const CUSTOM_DIRECTIVES: ReadonlyMap<string, CustomDirective> = new Map<string, CustomDirective>([
  [
    'verb',
    {
      reason: 'How much the client logs; affects only its own log output.',
      args: [{ number: { unit: 'level', min: 0, max: 11 } }],
    },
  ],
  ['mute', { reason: 'Limits repeated log messages; affects only log output.', args: [count(0, 1_000_000)] }],
  ['mute-replay-warnings', { reason: 'Silences replay warnings in the log; affects only log output.', args: [] }],
  ['ping', { reason: 'Seconds between keep-alive pings to the server; a timer only.', args: [seconds()] }],
  [
    'ping-restart',
    { reason: 'Reconnects after this many seconds without a ping from the server; a timer only.', args: [seconds()] },
  ],
  [
    'ping-exit',
    {
      reason: 'Stops the client after this many seconds without a ping; a timer, it only ends the tunnel.',
      args: [seconds()],
    },
  ],
  ['ping-timer-rem', { reason: 'Runs the ping timers only while connected; a timer only.', args: [] }],
  [
    'keepalive',
    {
      reason: 'Ping interval and restart time in one (ping and ping-restart); timers only.',
      args: [seconds(1), seconds(1)],
      // OpenVPN refuses a restart time shorter than twice the ping interval,
      consistent: ([ping = 0, restart = 0]) => restart >= 2 * ping,
      // and keepalive beside the directives it stands for ("--keepalive conflicts with --ping ...").
      conflictsWith: ['ping', 'ping-restart', 'ping-exit'],
    },
  ],
  [
    'connect-retry',
    {
      reason: 'Seconds to wait between connection attempts (and the most it backs off to); a timer only.',
      args: [seconds(), seconds()],
      required: 1,
    },
  ],
  [
    'connect-retry-max',
    { reason: 'How many connection attempts before giving up; a counter only.', args: [count(0, 1_000_000)] },
  ],
  ['connect-timeout', { reason: 'Seconds to wait for a connection to the server; a timer only.', args: [seconds()] }],
  [
    'resolv-retry',
    {
      reason: 'How long to retry resolving the server’s name; a timer only.',
      args: [{ ...seconds(), words: ['infinite'] }],
    },
  ],
  [
    'inactive',
    {
      reason: 'Stops the tunnel after this many idle seconds (or below a byte count); it only ends the tunnel.',
      args: [seconds(), { number: { unit: 'bytes', min: 0, max: 999_999_999 } }],
      required: 1,
    },
  ],
  [
    'explicit-exit-notify',
    {
      reason: 'Tells the server when the client stops (UDP), so it frees the session sooner.',
      args: [count(0, 10)],
      required: 0,
    },
  ],
  ['sndbuf', { reason: 'Socket send buffer size; a performance setting only.', args: [socketBuffer] }],
  ['rcvbuf', { reason: 'Socket receive buffer size; a performance setting only.', args: [socketBuffer] }],
  [
    'tun-mtu',
    {
      reason: 'The tunnel device’s MTU; a packet size, it must match the server to pass traffic.',
      args: [{ number: { unit: 'bytes', min: 576, max: 9000 } }],
    },
  ],
  ['hand-window', { reason: 'Seconds a key negotiation may take; a timer only.', args: [seconds(1)] }],
  ['tran-window', { reason: 'Seconds an old key stays valid after a new one; a timer only.', args: [seconds(1)] }],
  ['tls-timeout', { reason: 'Seconds before a control packet is sent again; a timer only.', args: [seconds(1, 3600)] }],
  [
    'reneg-sec',
    {
      // At least a minute: renegotiation cannot be turned off (0) to keep one key for ever.
      reason: 'How often the data channel key is renewed (60 s to a week); keys still expire.',
      args: [seconds(60, 7 * DAY_SECONDS)],
    },
  ],
  ['auth-nocache', { reason: 'Does not keep the password in memory after use; stricter, never looser.', args: [] }],
  [
    'auth-retry',
    {
      // `interact` is left out: it needs a management interface the file cannot promise.
      reason: 'What to do when the server refuses the credentials: stop, or retry with the same ones.',
      args: [{ words: ['none', 'nointeract'] }],
    },
  ],
]);

/** The allowed keys in order, for a form to suggest. */
export const ALLOWED_CUSTOM_KEYS: readonly string[] = [...CUSTOM_DIRECTIVES.keys()].sort();

/** Whether a custom key names a directive on the allow-list (exactly: lower-case, no blanks). */
export function isCustomKeyAllowed(key: string): boolean {
  return CUSTOM_DIRECTIVES.has(key);
}

/** A whole number as OpenVPN's atoi reads it without surprise: digits only, no sign, no leading zero. */
const WHOLE_NUMBER = /^(0|[1-9][0-9]{0,8})$/;

function argumentFits(argument: CustomArgument, text: string): number | null | undefined {
  if (argument.words?.includes(text)) return null;
  if (argument.number && WHOLE_NUMBER.test(text)) {
    const value = Number(text);
    if (value >= argument.number.min && value <= argument.number.max) return value;
  }
  return undefined;
}

/**
 * The arguments of an allowed key's value (separated by spaces), each exactly as OpenVPN will
 * read it, or null when the key is not allowed or the value is not what it takes. The writer
 * writes these, never the value as typed.
 */
export function customArguments(key: string, value: string): readonly string[] | null {
  const directive = CUSTOM_DIRECTIVES.get(key);
  if (!directive) return null;
  const parts = value.split(' ').filter((part) => part !== '');
  const required = directive.required ?? directive.args.length;
  if (parts.length < required || parts.length > directive.args.length) return null;
  const numbers: number[] = [];
  for (const [index, part] of parts.entries()) {
    const argument = directive.args[index];
    const fits = argument ? argumentFits(argument, part) : undefined;
    if (fits === undefined) return null;
    if (fits !== null) numbers.push(fits);
  }
  if (directive.consistent && numbers.length === parts.length && !directive.consistent(numbers)) return null;
  return parts;
}

/** The problem with a custom value for an allowed key (the key itself is error 83's to judge). */
export function customValueProblem(key: string, value: string, field: string): ValidationProblem | null {
  if (!isCustomKeyAllowed(key) || customArguments(key, value) !== null) return null;
  return { key: ValidationKey.CUSTOM_VALUE, params: [field, key] };
}

/** The allowed keys among `keys` that OpenVPN refuses beside `key`. */
export function conflictingCustomKeys(key: string, keys: readonly string[]): string[] {
  const conflicts = CUSTOM_DIRECTIVES.get(key)?.conflictsWith ?? [];
  return keys.filter((other) => conflicts.includes(other));
}

export interface CustomRowProblem {
  readonly index: number;
  readonly field: 'key_name' | 'key_value';
  readonly problem: ValidationProblem;
}

/**
 * Every problem of custom rows whose keys are allowed, by row: a value its key does not take,
 * or a key OpenVPN refuses beside another row's (marked on the key that names the conflict).
 * Keys off the list and keys named twice are errors 83 and 82, judged apart.
 */
export function customRowProblems(rows: readonly { readonly key_name: string; readonly key_value: string }[]) {
  const keys = rows.map((row) => row.key_name);
  const problems: CustomRowProblem[] = [];
  for (const [index, row] of rows.entries()) {
    const value = customValueProblem(row.key_name, row.key_value, 'key_value');
    if (value) problems.push({ index, field: 'key_value', problem: value });
    if (conflictingCustomKeys(row.key_name, keys).length > 0) {
      problems.push({
        index,
        field: 'key_name',
        problem: { key: ValidationKey.CUSTOM_CONFLICT, params: ['key_name', row.key_name] },
      });
    }
  }
  return problems;
}

/** Keys named more than once (error 82), in first-seen order. */
export function duplicateCustomKeys(fields: readonly { readonly key_name: string }[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { key_name } of fields) {
    if (seen.has(key_name)) duplicates.add(key_name);
    seen.add(key_name);
  }
  return [...duplicates];
}

/** Keys not on the allow-list (error 83), each once, in first-seen order. */
export function notAllowedCustomKeys(fields: readonly { readonly key_name: string }[]): string[] {
  return [...new Set(fields.map((field) => field.key_name).filter((key) => !isCustomKeyAllowed(key)))];
}
