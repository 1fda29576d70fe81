import { hasControlCharacters } from '@halo/shared';

/**
 * Writing OpenVPN configuration text safely. OpenVPN reads a config a line at a time; a line
 * is a directive name and its arguments separated by blanks, a token that starts with `#` or
 * `;` begins a comment, double quotes group an argument and a backslash escapes the next
 * character. Every value the console writes goes through here, so a value can only ever be
 * one argument of the directive the console chose.
 */

/** A value that cannot be written into a config line (it holds a control character). */
export class UnsafeConfigValue extends Error {
  constructor(readonly field: string) {
    super(`OpenVPN configuration value of ${field} holds a control character`);
    this.name = 'UnsafeConfigValue';
  }
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
export function directive(name: string, ...args: readonly (string | number)[]): string {
  if (!DIRECTIVE_NAME.test(name)) throw new UnsafeConfigValue(name);
  return [name, ...args.map((arg) => quoteArgument(String(arg), name))].join(' ');
}

/** A comment line; its text may not hold a line break. */
export function comment(text: string): string {
  if (hasControlCharacters(text)) throw new UnsafeConfigValue('comment');
  return `# ${text}`;
}

/**
 * An inline block (`<ca>...</ca>`): a PEM text, or lines taken as they are (credentials).
 * OpenVPN ends the block at the first line that starts with its closing tag, so no body line
 * may start with `</`.
 */
export function inlineBlock(tag: string, body: string | readonly string[]): string[] {
  if (!DIRECTIVE_NAME.test(tag)) throw new UnsafeConfigValue(tag);
  const lines = typeof body === 'string' ? body.trim().split(/\r?\n/) : body;
  for (const line of lines) {
    if (line.startsWith('</') || hasControlCharacters(line)) throw new UnsafeConfigValue(tag);
  }
  return [`<${tag}>`, ...lines, `</${tag}>`];
}
