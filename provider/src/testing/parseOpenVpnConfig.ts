/**
 * Reads an OpenVPN configuration the way OpenVPN does (options.c, parse_line and the inline
 * file reader), for tests that check what a generated file really says: lines split on
 * line feeds, blanks separate tokens, a token starting with `#` or `;` begins a comment,
 * double quotes group (a backslash escapes inside them), single quotes group verbatim, a
 * backslash outside single quotes takes the next character literally, and `<tag>` starts an
 * inline block that ends at the first line starting with `</tag>`.
 */
export interface ParsedDirective {
  readonly name: string;
  readonly args: readonly string[];
}

export interface ParsedOpenVpnConfig {
  readonly directives: readonly ParsedDirective[];
  /** Inline blocks by tag, body lines as read. */
  readonly inline: ReadonlyMap<string, readonly string[]>;
}

const BLANK = /[ \t\v\f\r]/;

function tokens(line: string): string[] {
  const found: string[] = [];
  let current: string | null = null;
  let inDouble = false;
  let inSingle = false;
  let escaped = false;
  for (const character of line) {
    if (current === null) {
      if (BLANK.test(character)) continue;
      if (character === '#' || character === ';') break;
      current = '';
    }
    if (escaped) {
      current += character;
      escaped = false;
    } else if (character === '\\' && !inSingle) {
      escaped = true;
    } else if (character === '"' && !inSingle) {
      inDouble = !inDouble;
    } else if (character === "'" && !inDouble) {
      inSingle = !inSingle;
    } else if (BLANK.test(character) && !inDouble && !inSingle) {
      found.push(current);
      current = null;
    } else {
      current += character;
    }
  }
  if (inDouble || inSingle) throw new Error(`unterminated quote in: ${line}`);
  if (current !== null) found.push(current);
  return found;
}

export function parseOpenVpnConfig(text: string): ParsedOpenVpnConfig {
  const directives: ParsedDirective[] = [];
  const inline = new Map<string, string[]>();
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const opening = /^<([a-z0-9-]+)>\s*$/.exec(line.trim());
    if (opening) {
      const tag = opening[1] ?? '';
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').startsWith(`</${tag}>`)) {
        body.push(lines[index] ?? '');
        index += 1;
      }
      if (index >= lines.length) throw new Error(`inline block <${tag}> is not closed`);
      inline.set(tag, body);
      directives.push({ name: tag, args: ['[inline]'] });
      continue;
    }
    const [name, ...args] = tokens(line);
    if (name !== undefined) directives.push({ name, args });
  }
  return { directives, inline };
}
