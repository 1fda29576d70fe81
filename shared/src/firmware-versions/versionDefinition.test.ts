import { describe, expect, it } from 'vitest';
import { parseVersionMetaFile, VersionDefinitionListResponseSchema } from './versionDefinition.js';

const meta = {
  device_model: 'HALO-X2',
  base_version: '4.2',
  core_version: '4.2.17',
  web_version: '2.0.1-rc1',
  official_version: '12.6.0',
  description: 'Spring release',
};

describe('parseVersionMetaFile', () => {
  it('accepts a valid meta file', () => {
    expect(parseVersionMetaFile(JSON.stringify(meta))).toEqual({ ok: true, value: meta });
  });

  it.each([
    ['not JSON', 'device_model=HALO'],
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
    ['a missing version', JSON.stringify({ ...meta, core_version: undefined })],
    ['a malformed version', JSON.stringify({ ...meta, official_version: 'v12' })],
    ['an unknown key', JSON.stringify({ ...meta, install_script: 'rm -rf /' })],
    ['a model with a slash', JSON.stringify({ ...meta, device_model: 'HALO/X2' })],
    ['an oversized file', JSON.stringify({ ...meta, description: 'x'.repeat(70_000) })],
  ])('refuses %s as an invalid meta file', (_, text) => {
    expect(parseVersionMetaFile(text)).toEqual({ ok: false, key: 'validation.invalidMetaFile' });
  });
});

describe('VersionDefinitionListResponseSchema', () => {
  it('parses definitions', () => {
    expect(
      VersionDefinitionListResponseSchema.safeParse({ version_definitions: [{ id: 1, version_definition: meta }] })
        .success,
    ).toBe(true);
    expect(VersionDefinitionListResponseSchema.safeParse({ version_definitions: [{ id: 1 }] }).success).toBe(false);
  });
});
