/**
 * Reads an OpenVPN configuration the way OpenVPN 2.6 does, for tests that check what a
 * generated file really says. A port of options.c (read_config_file, parse_line,
 * check_inline_file, read_inline_file), byte for byte:
 *
 * - A config line is read with fgets into 257 bytes: a line of 256 bytes or more (its line
 *   feed included) is fatal ("Maximum option line length (256) exceeded"). A UTF-8 byte order
 *   mark on line 1 is skipped. Text ends at a NUL byte, as C strings do.
 * - parse_line: blanks (isspace: space, \t, \n, \v, \f, \r) separate parameters; `#` or `;`
 *   where a parameter would start begins a comment (even after a backslash); a parameter that
 *   starts with `"` runs to the next unescaped `"`, one that starts with `'` runs to the next
 *   `'` with no escapes; a quote inside a parameter is an ordinary character. Outside single
 *   quotes a backslash takes the next character literally, and only `\\`, `\"` and a
 *   backslash before a blank are allowed (anything else is fatal). A parameter of 256 bytes
 *   is fatal; parameters after the 16th are dropped.
 * - `--name` is read as `name`.
 * - A line that is one parameter `<tag>` opens an inline file. Its lines are read with fgets
 *   into 256 bytes, so a line longer than 255 bytes is read in pieces, and the block ends at
 *   the first piece whose text, after leading blanks, starts with `</tag>`; the rest of that
 *   piece is dropped. No closing tag is fatal.
 *
 * Everything OpenVPN refuses throws OpenVpnConfigError, as OpenVPN exits.
 */
export interface ParsedDirective {
  readonly name: string;
  /** The parameters; an inline block's is `['[inline]']`. */
  readonly args: readonly string[];
  /** An inline block's text, as OpenVPN hands it on. */
  readonly inline?: string;
  /** The line it starts on (1-based). */
  readonly line: number;
}

export interface ParsedOpenVpnConfig {
  readonly directives: readonly ParsedDirective[];
  /** Inline blocks by tag (the last of a tag), body lines without their line feeds. */
  readonly inline: ReadonlyMap<string, readonly string[]>;
}

export class OpenVpnConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenVpnConfigError';
  }
}

/** options.h */
const OPTION_LINE_SIZE = 256;
const OPTION_PARM_SIZE = 256;
const MAX_PARMS = 16;

const NUL = 0x00;
const LINE_FEED = 0x0a;
const BACKSLASH = 0x5c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const HASH = 0x23;
const SEMICOLON = 0x3b;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const DASH = 0x2d;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** isspace() in the C locale. */
const isSpace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
/** parse_line's space(): the end of the string counts as a blank. */
const space = (byte: number) => byte === NUL || isSpace(byte);

// ignoreBOM keeps a byte order mark inside a parameter as the bytes OpenVPN reads.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const text = (bytes: Uint8Array | readonly number[]) => decoder.decode(Uint8Array.from(bytes));

/** fgets over the file's bytes. */
class LineReader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** At most size - 1 bytes, up to and including a line feed; null at the end of the file. */
  fgets(size: number): Uint8Array | null {
    if (this.position >= this.bytes.length) return null;
    const start = this.position;
    const limit = Math.min(this.bytes.length, start + size - 1);
    let end = start;
    while (end < limit) {
      end += 1;
      if (this.bytes[end - 1] === LINE_FEED) break;
    }
    this.position = end;
    return this.bytes.subarray(start, end);
  }
}

/** The C string a buffer holds: up to its first NUL. */
function cString(bytes: Uint8Array): Uint8Array {
  const nul = bytes.indexOf(NUL);
  return nul === -1 ? bytes : bytes.subarray(0, nul);
}

/** parse_line's states. */
const State = { INITIAL: 0, QUOTED: 1, UNQUOTED: 2, DONE: 3, SINGLE_QUOTED: 4 } as const;

/** parse_line: the parameters of one line, at most `n`. */
function parseLine(line: Uint8Array, n: number, lineNumber: number): Uint8Array[] {
  const found: Uint8Array[] = [];
  let state: number = State.INITIAL;
  let backslash = false;
  let parameter: number[] = [];
  // The C loop reads the terminating NUL too (do ... while (*c++ != '\0')).
  for (let index = 0; index <= line.length; index += 1) {
    const input = index < line.length ? (line[index] ?? NUL) : NUL;
    let out = NUL;
    if (!backslash && input === BACKSLASH && state !== State.SINGLE_QUOTED) {
      backslash = true;
    } else {
      if (state === State.INITIAL) {
        if (!space(input)) {
          if (input === SEMICOLON || input === HASH) break;
          if (!backslash && input === DOUBLE_QUOTE) state = State.QUOTED;
          else if (!backslash && input === SINGLE_QUOTE) state = State.SINGLE_QUOTED;
          else {
            out = input;
            state = State.UNQUOTED;
          }
        }
      } else if (state === State.UNQUOTED) {
        if (!backslash && space(input)) state = State.DONE;
        else out = input;
      } else if (state === State.QUOTED) {
        if (!backslash && input === DOUBLE_QUOTE) state = State.DONE;
        else out = input;
      } else if (state === State.SINGLE_QUOTED) {
        if (input === SINGLE_QUOTE) state = State.DONE;
        else out = input;
      }
      if (state === State.DONE) {
        found.push(Uint8Array.from(parameter));
        state = State.INITIAL;
        parameter = [];
      }
      if (backslash && out !== NUL && !(out === BACKSLASH || out === DOUBLE_QUOTE || space(out))) {
        throw new OpenVpnConfigError(`Options warning: Bad backslash ('\\') usage in line ${lineNumber}`);
      }
      backslash = false;
    }
    if (out !== NUL) {
      if (parameter.length >= OPTION_PARM_SIZE) {
        throw new OpenVpnConfigError(`Options error: Parameter at line ${lineNumber} is too long`);
      }
      parameter.push(out);
    }
    if (found.length >= n) break;
  }
  if (state === State.QUOTED)
    throw new OpenVpnConfigError(`Options error: No closing quotation (") in line ${lineNumber}`);
  if (state === State.SINGLE_QUOTED) {
    throw new OpenVpnConfigError(`Options error: No closing single quotation (') in line ${lineNumber}`);
  }
  if (state !== State.INITIAL)
    throw new OpenVpnConfigError(`Options error: Residual parse state in line ${lineNumber}`);
  return found;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** read_inline_file: lines up to the closing tag, and how many lines were read. */
function readInlineFile(reader: LineReader, closeTag: Uint8Array): { content: string; lines: number } {
  const content: number[] = [];
  let lines = 0;
  for (let piece = reader.fgets(OPTION_LINE_SIZE); piece !== null; piece = reader.fgets(OPTION_LINE_SIZE)) {
    lines += 1;
    const line = cString(piece);
    let start = 0;
    while (start < line.length && isSpace(line[start] ?? NUL)) start += 1;
    if (startsWith(line.subarray(start), [...closeTag])) return { content: text(content), lines };
    content.push(...line);
  }
  throw new OpenVpnConfigError(`ERROR: Endtag ${text(closeTag)} missing`);
}

export function parseOpenVpnConfig(config: string | Uint8Array): ParsedOpenVpnConfig {
  const reader = new LineReader(typeof config === 'string' ? new TextEncoder().encode(config) : config);
  const directives: ParsedDirective[] = [];
  const inline = new Map<string, string[]>();
  let lineNumber = 0;
  for (let piece = reader.fgets(OPTION_LINE_SIZE + 1); piece !== null; piece = reader.fgets(OPTION_LINE_SIZE + 1)) {
    lineNumber += 1;
    const line = cString(piece);
    if (line.length === OPTION_LINE_SIZE) {
      throw new OpenVpnConfigError(`Options error: In line ${lineNumber}: Maximum option line length (256) exceeded`);
    }
    const offset = lineNumber === 1 && startsWith(line, BYTE_ORDER_MARK) ? BYTE_ORDER_MARK.length : 0;
    const parameters = parseLine(line.subarray(offset), MAX_PARMS, lineNumber);
    const [first, ...rest] = parameters;
    if (first === undefined) continue;
    // bypass_doubledash
    const name = first.length >= 3 && first[0] === DASH && first[1] === DASH ? first.subarray(2) : first;
    const startLine = lineNumber;
    if (rest.length === 0 && name[0] === LESS_THAN && name[name.length - 1] === GREATER_THAN) {
      const tag = name.subarray(1, name.length - 1);
      const closeTag = Uint8Array.from([LESS_THAN, 0x2f, ...tag, GREATER_THAN]);
      const block = readInlineFile(reader, closeTag);
      lineNumber += block.lines;
      const tagName = text(tag);
      directives.push({ name: tagName, args: ['[inline]'], inline: block.content, line: startLine });
      inline.set(tagName, block.content.replace(/\n$/, '').split('\n'));
      continue;
    }
    directives.push({ name: text(name), args: rest.map(text), line: startLine });
  }
  return { directives, inline };
}
