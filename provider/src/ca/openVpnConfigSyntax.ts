import {
  closesInlineBlock,
  hasControlCharacters,
  OPENVPN_LINE_MAX_BYTES,
  utf8Length,
  ValidationKey,
} from '@halo/shared';

/**
 * Writing OpenVPN configuration text safely. OpenVPN 2.6 reads a config a line at a time
 * (options.c, parse_line): blanks separate a directive's name and its arguments, `#` or `;`
 * where an argument would start begins a comment, an argument that starts with a double quote
 * runs to the next unescaped one and a backslash escapes `\`, `"` and blanks. A line longer
 * than 255 bytes is refused; an inline block (`<ca>` ... `</ca>`) ends at the first line whose
 * text after blanks starts with its closing tag, and its lines are read 255 bytes at a time.
 * Every line the console writes goes through here, so a value can only ever be one argument
 * of the directive the console chose, inside a line OpenVPN reads whole.
 */

/** A value that cannot be written into a config file; `field` is the profile's field it came from. */
export class UnsafeConfigValue extends Error {
  constructor(
    readonly field: string,
    /** The section 5 key that says what is wrong with it. */
    readonly problem: string = ValidationKey.INVALID_CHARACTERS,
  ) {
    super(`OpenVPN configuration value of ${field} cannot be written (${problem})`);
    this.name = 'UnsafeConfigValue';
  }
}

/** One line, refused when OpenVPN would not read it whole. */
function line(text: string, field: string): string {
  if (utf8Length(text) > OPENVPN_LINE_MAX_BYTES) throw new UnsafeConfigValue(field, ValidationKey.MAX_LENGTH);
  return text;
}

/** Arguments made only of these characters are written bare; everything else is quoted. */
const BARE_ARGUMENT = /^[A-Za-z0-9_.:/@+=,-]+$/;

/** One argument as OpenVPN reads it back: bare when safe, otherwise double-quoted and escaped. */
export function quoteArgument(value: string, field: string): string {
  if (hasControlCharacters(value)) throw new UnsafeConfigValue(field);
  if (BARE_ARGUMENT.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

const DIRECTIVE_NAME = /^[a-z][a-z0-9-]*$/;

/** A directive line: its name (checked, never quoted) and each argument quoted. */
export function directive(name: string, args: readonly (string | number)[] = [], field = name): string {
  if (!DIRECTIVE_NAME.test(name)) throw new UnsafeConfigValue(field);
  return line([name, ...args.map((arg) => quoteArgument(String(arg), field))].join(' '), field);
}

/** A comment line; its text may not hold a line break. */
export function comment(text: string, field = 'comment'): string {
  if (hasControlCharacters(text)) throw new UnsafeConfigValue(field);
  return line(`# ${text}`, field);
}

/**
 * An inline block (`<ca>...</ca>`): lines of a text the console wrote (PEM re-encoded from
 * DER, a static key from its bytes) or lines taken as they are (credentials). No body line may
 * be one OpenVPN could take for the end of the block, whatever its tag: none whose text after
 * blanks starts with `</`, none it would read in pieces.
 */
export function inlineBlock(tag: string, body: string | readonly string[], field = tag): string[] {
  if (!DIRECTIVE_NAME.test(tag)) throw new UnsafeConfigValue(field);
  const lines = typeof body === 'string' ? body.trim().split(/\r?\n/) : body;
  return [`<${tag}>`, ...lines.map((bodyLine) => inlineLine(bodyLine, field)), `</${tag}>`];
}

/** One line of an inline block, refused when OpenVPN could read it as the block's end or in pieces. */
export function inlineLine(text: string, field: string): string {
  if (hasControlCharacters(text) || closesInlineBlock(text)) throw new UnsafeConfigValue(field);
  return line(text, field);
}
