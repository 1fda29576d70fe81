import { describe, expect, it } from 'vitest';
import { OpenVpnConfigError, parseOpenVpnConfig } from './parseOpenVpnConfig.js';

const names = (config: string) => parseOpenVpnConfig(config).directives.map((found) => found.name);
const argsOf = (config: string) => parseOpenVpnConfig(config).directives.map((found) => found.args);

/**
 * Each case below was first run through OpenVPN 2.6.14 (`openvpn --config f.ovpn --verb 4`,
 * Debian's package): the parser must read the file as it did.
 */
describe('parseOpenVpnConfig reads as OpenVPN 2.6 does', () => {
  it('closes an inline block at a closing tag after leading blanks, so the next lines are directives', () => {
    const config = ['<ca>', 'PEM', '  </ca>', 'script-security 2', 'up /bin/true', 'client', ''].join('\n');
    expect(names(config)).toEqual(['ca', 'script-security', 'up', 'client']);
    expect(parseOpenVpnConfig(config).inline.get('ca')).toEqual(['PEM']);
    expect(names('<ca>\nPEM\n\t\u000b\f\r </ca> anything after it\nverb 3\n')).toEqual(['ca', 'verb']);
  });

  it('reads a stray closing tag as the opening of a block that never ends (fatal)', () => {
    expect(() => parseOpenVpnConfig('</ca>\nverb 3\n')).toThrow('Endtag <//ca> missing');
    expect(() => parseOpenVpnConfig('<ca>\nPEM\n')).toThrow('Endtag </ca> missing');
  });

  it('reads an inline line of more than 255 bytes in pieces: a piece may close the block', () => {
    const planted = `${'a'.repeat(255)}</auth-user-pass>`;
    const config = ['<auth-user-pass>', planted, 'up /bin/true', ''].join('\n');
    expect(names(config)).toEqual(['auth-user-pass', 'up']);
    const kept = ['<auth-user-pass>', `${'a'.repeat(254)}</auth-user-pass>`, 'up /bin/true', '</auth-user-pass>', ''];
    expect(names(kept.join('\n'))).toEqual(['auth-user-pass']);
  });

  it('refuses a config line of 256 bytes or more with its line feed, and counts bytes, not characters', () => {
    expect(names(`setenv x ${'y'.repeat(245)}\n`)).toEqual(['setenv']);
    expect(() => parseOpenVpnConfig(`setenv x ${'y'.repeat(246)}\n`)).toThrow('Maximum option line length');
    expect(() => parseOpenVpnConfig(`setenv x ${'é'.repeat(123)}\n`)).toThrow('Maximum option line length');
  });

  it('quotes only where a parameter starts', () => {
    expect(argsOf('setenv a "x y"\n')).toEqual([['a', 'x y']]);
    expect(argsOf('setenv a x"y z"\n')).toEqual([['a', 'x"y', 'z"']]);
    expect(argsOf('ping "1"2\n')).toEqual([['1', '2']]);
    expect(argsOf("setenv a 'x \\ \"y'\n")).toEqual([['a', 'x \\ "y']]);
    expect(argsOf('setenv a "x \\" \\\\ y"\n')).toEqual([['a', 'x " \\ y']]);
    expect(argsOf('setenv a ""\n')).toEqual([['a', '']]);
  });

  it('starts a comment with # or ; only where a parameter would start, even escaped', () => {
    expect(names('# comment\n  ; comment\n\\#ping 1\nping 1#x ;y\n')).toEqual(['ping']);
    expect(argsOf('ping 1#x ;y\n')).toEqual([['1#x']]);
  });

  it('refuses what OpenVPN refuses: unclosed quotes and a backslash before an ordinary character', () => {
    for (const line of ['ping "1', "ping '1", 'ping 1\\x', "ping \\'1"]) {
      expect(() => parseOpenVpnConfig(`${line}\n`), line).toThrow(OpenVpnConfigError);
    }
    expect(argsOf('ping \\"1\n')).toEqual([['"1']]);
  });

  it('keeps 16 parameters at most, reads --name as name and skips a byte order mark', () => {
    const many = Array.from({ length: 20 }, (_, index) => String(index)).join(' ');
    expect(argsOf(`ping ${many}\n`)[0]).toHaveLength(15);
    expect(names('\uFEFF--verb 3\n--<ca>\nPEM\n</ca>\n')).toEqual(['verb', 'ca']);
  });

  it('treats only the C locale blanks as separators', () => {
    expect(argsOf('ping\u00a01\n')).toEqual([[]]);
    expect(names('ping\u00a01\n')).toEqual(['ping\u00a01']);
    expect(argsOf('ping\t1\u000b2\f3\r\n')).toEqual([['1', '2', '3']]);
  });
});
