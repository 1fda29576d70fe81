import { describe, expect, it } from 'vitest';
import {
  deviceModelOf,
  isRequiredMetaFileKey,
  metaFileProblemFields,
  metaFileProblemMessage,
  metaFileProblemsOf,
  parseVersionMetaFile,
  readVersionMetaFile,
  sampleVersionMetaFileText,
  VERSION_META_FILE_KEYS,
  VERSION_META_FILE_MAX_BYTES,
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

/** A valid meta file of exactly `size` bytes (JSON allows blanks after the object). */
const metaFileOfSize = (size: number) => {
  const text = JSON.stringify(meta);
  return new TextEncoder().encode(text.padEnd(size, ' '));
};

describe('parseVersionMetaFile', () => {
  it('accepts a valid meta file, with a BOM, and writes the checksum in lower case', () => {
    expect(parseVersionMetaFile(`\uFEFF${JSON.stringify(meta)}`, 'halo-12.6.0.json')).toEqual({
      ok: true,
      value: { ...meta, image_sha256: 'a'.repeat(64) },
    });
  });

  it.each([
    ['not JSON', 'device_model=HALO', [{ kind: 'notJson' }]],
    ['a JSON array', '[]', [{ kind: 'notObject' }]],
    ['JSON null', 'null', [{ kind: 'notObject' }]],
    [
      'a missing version',
      JSON.stringify({ ...meta, core_version: undefined }),
      [{ kind: 'missingKey', key: 'core_version' }],
    ],
    [
      'a malformed version',
      JSON.stringify({ ...meta, official_version: 'v12' }),
      [{ kind: 'invalidValue', key: 'official_version' }],
    ],
    [
      'an unknown key',
      JSON.stringify({ ...meta, install_script: 'rm -rf /' }),
      [{ kind: 'unknownKey', key: 'install_script' }],
    ],
    [
      'an unknown model',
      JSON.stringify({ ...meta, device_model: 'HALO/X2' }),
      [{ kind: 'invalidValue', key: 'device_model' }],
    ],
    [
      'a checksum that is not SHA-256',
      JSON.stringify({ ...meta, image_sha256: 'abc' }),
      [{ kind: 'invalidValue', key: 'image_sha256' }],
    ],
    ['a negative size', JSON.stringify({ ...meta, image_size: -1 }), [{ kind: 'invalidValue', key: 'image_size' }]],
    [
      'an inherited key',
      '{"__proto__": {"device_model": "HALO"}}',
      expect.arrayContaining([{ kind: 'missingKey', key: 'device_model' }]),
    ],
    [
      'two keys missing and one unknown',
      JSON.stringify({ ...meta, base_version: undefined, web_version: undefined, extra: 1 }),
      [
        { kind: 'missingKey', key: 'base_version' },
        { kind: 'missingKey', key: 'web_version' },
        { kind: 'unknownKey', key: 'extra' },
      ],
    ],
  ])('refuses %s, naming what is wrong', (_, text, problems) => {
    expect(parseVersionMetaFile(text)).toEqual({ ok: false, key: 'validation.invalidMetaFile', problems });
  });

  it.each(['../halo.json', 'a/b.json', 'C:\\halo.json', '.hidden.json', 'halo.exe', 'halo.json\u0000.txt', ''])(
    'refuses the file name %j',
    (name) => {
      expect(parseVersionMetaFile(JSON.stringify(meta), name)).toMatchObject({
        ok: false,
        problems: [{ kind: 'fileName' }],
      });
    },
  );
});

describe('readVersionMetaFile', () => {
  it('reads a file of exactly 64 KB (65,536 bytes) and refuses one byte more', () => {
    expect(VERSION_META_FILE_MAX_BYTES).toBe(65_536);
    expect(readVersionMetaFile(metaFileOfSize(65_536), 'halo.json').ok).toBe(true);
    expect(readVersionMetaFile(metaFileOfSize(65_537), 'halo.json')).toMatchObject({
      ok: false,
      problems: [{ kind: 'tooLarge' }],
    });
  });

  it('reads only UTF-8 text: a binary has no text', () => {
    expect(readVersionMetaFile(new Uint8Array([0x7b, 0x00, 0x7d]))).toMatchObject({ problems: [{ kind: 'notText' }] });
    expect(readVersionMetaFile(new Uint8Array([0xff, 0xfe, 0x41]))).toMatchObject({ problems: [{ kind: 'notText' }] });
  });

  it('names the model of each device type', () => {
    expect([deviceModelOf(1), deviceModelOf(2), deviceModelOf(3)]).toEqual(['HALO', 'DRONECOMMX', null]);
  });
});

describe('the meta file format', () => {
  it('offers a sample that the format accepts, with every key it knows', () => {
    const sample = sampleVersionMetaFileText();
    expect(readVersionMetaFile(new TextEncoder().encode(sample), 'halo-4.2.17.json').ok).toBe(true);
    expect(Object.keys(JSON.parse(sample) as object)).toEqual(VERSION_META_FILE_KEYS);
    expect(VERSION_META_FILE_KEYS.filter((key) => !isRequiredMetaFileKey(key))).toEqual(['description']);
  });

  it('answers the problems as fields and reads them back', () => {
    const problems = [
      { kind: 'missingKey', key: 'core_version' },
      { kind: 'unknownKey', key: 'extra' },
    ] as const;
    const fields = metaFileProblemFields(problems);
    expect(fields).toEqual({
      'version_definition.core_version': 'validation.metaFileMissingKey',
      'version_definition.extra': 'validation.metaFileUnknownKey',
    });
    expect(metaFileProblemsOf({ ...fields, other: 'validation.required', 'version_definition.x': 5 })).toEqual(
      problems,
    );
    expect(metaFileProblemsOf(metaFileProblemFields([{ kind: 'tooLarge' }]))).toEqual([{ kind: 'tooLarge' }]);
    expect(metaFileProblemMessage(problems)).toBe(
      'The meta file must have valid contents: it lacks the key core_version; it has a key the format does not know: extra',
    );
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
