import { describe, expect, it } from 'vitest';
import { officialVersion, VersionsSchema } from './versions.js';

describe('versions', () => {
  it('builds the product version string {ip}-12.6', () => {
    expect(officialVersion('10.0.0.7')).toBe('10.0.0.7-12.6');
  });

  it('accepts missing internal components (shown as N/A)', () => {
    expect(VersionsSchema.safeParse({ official: '12.6', internal: { auth: '1.2.0' } }).success).toBe(true);
    expect(VersionsSchema.safeParse({ internal: {} }).success).toBe(false);
  });
});
