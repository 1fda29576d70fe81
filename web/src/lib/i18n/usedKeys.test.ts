import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { enUS } from './locales/enUS';

const SOURCE_ROOT = join(import.meta.dirname, '..', '..');
const NAMESPACES = Object.keys(enUS).join('|');
/** A quoted `namespace.area.phrase` literal: how the app names every text. */
const KEY_LITERAL = new RegExp(`['"\`]((?:${NAMESPACES})\\.[A-Za-z0-9]+(?:\\.[A-Za-z0-9]+)+)['"\`]`, 'g');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('keys used by the app', () => {
  const i18n = createI18n('en-US');
  const used = new Map<string, string>();
  for (const file of sourceFiles(SOURCE_ROOT)) {
    for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) used.set(match[1]!, file);
  }

  it('finds the keys it should (the scan itself works)', () => {
    expect(used.has('login.form.submit')).toBe(true);
    expect(used.size).toBeGreaterThan(50);
  });

  it('every key written in the source has an en-US text', () => {
    // A key used with a count may exist only in its plural forms (key_one, key_other).
    const has = (key: string) => i18n.exists(key) || i18n.exists(key, { count: 2 });
    const missing = [...used].filter(([key]) => !has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
