import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrate.js';

describe('the migration list', () => {
  it('names every migration file once, in the order of the files', () => {
    const files = readdirSync(new URL('./migrations/', import.meta.url))
      .filter((file) => /^\d{3}_\w+\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(MIGRATIONS)).toEqual(files);
  });
});
