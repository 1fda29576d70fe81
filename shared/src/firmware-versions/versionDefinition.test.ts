import { describe, expect, it } from 'vitest';
import {
  deviceModelOf,
  metaFileText,
  parseVersionMetaFile,
  VersionDefinitionListResponseSchema,
} from './versionDefinition.js';

const meta = {
  device_model: 'HALO',
  base_version: '4.2',
  core_version: '4.2.17',
  web_version: '2.0.1-rc1',
  official_version: '12.6.0',
  description: 'Spring release',
  image_size: 48_234_496,
  image_sha256: 'A'.repeat(64),
};

describe('parseVersionMetaFile', () => {
  it('accepts a valid meta file, with a BOM, and writes the checksum in lower case', () => {
    expect(parseVersionMetaFile(`\uFEFF${JSON.stringify(meta)}`, 'halo-12.6.0.json')).toEqual({
      ok: true,
      value: { ...meta, image_sha256: 'a'.repeat(64) },
    });
  });

  it.each([
    ['not JSON', 'device_model=HALO'],
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
    ['a missing version', JSON.stringify({ ...meta, core_version: undefined })],
    ['a malformed version', JSON.stringify({ ...meta, official_version: 'v12' })],
    ['an unknown key', JSON.stringify({ ...meta, install_script: 'rm -rf /' })],
    ['an unknown model', JSON.stringify({ ...meta, device_model: 'HALO/X2' })],
    ['a checksum that is not SHA-256', JSON.stringify({ ...meta, image_sha256: 'abc' })],
    ['a negative size', JSON.stringify({ ...meta, image_size: -1 })],
    ['an oversized file', JSON.stringify({ ...meta, description: 'x'.repeat(70_000) })],
  ])('refuses %s as an invalid meta file', (_, text) => {
    expect(parseVersionMetaFile(text)).toEqual({ ok: false, key: 'validation.invalidMetaFile' });
  });

  it.each(['../halo.json', 'a/b.json', 'C:\\halo.json', '.hidden.json', 'halo.exe', 'halo.json\u0000.txt', ''])(
    'refuses the file name %j',
    (name) => {
      expect(parseVersionMetaFile(JSON.stringify(meta), name).ok).toBe(false);
    },
  );

  it('reads only UTF-8 text: a binary or an oversized file has no text', () => {
    expect(metaFileText(new TextEncoder().encode('{"a":1}'))).toBe('{"a":1}');
    expect(metaFileText(new Uint8Array([0x7b, 0x00, 0x7d]))).toBeNull();
    expect(metaFileText(new Uint8Array([0xff, 0xfe, 0x41]))).toBeNull();
    expect(metaFileText(new Uint8Array(70_000).fill(0x20))).toBeNull();
    expect(parseVersionMetaFile(null)).toEqual({ ok: false, key: 'validation.invalidMetaFile' });
  });

  it('names the model of each device type', () => {
    expect([deviceModelOf(1), deviceModelOf(2), deviceModelOf(3)]).toEqual(['HALO', 'DRONECOMMX', null]);
  });
});

describe('VersionDefinitionListResponseSchema', () => {
  it('parses definitions', () => {
    const definition = {
      id: 1,
      version_definition: meta,
      environment_id: 1,
      environment_name: 'root',
      inherited: false,
      file_name: 'halo.json',
      created_at: '2026-11-25T10:00:00.000Z',
    };
    expect(VersionDefinitionListResponseSchema.safeParse({ version_definitions: [definition] }).success).toBe(true);
    expect(VersionDefinitionListResponseSchema.safeParse({ version_definitions: [{ id: 1 }] }).success).toBe(false);
  });
});
