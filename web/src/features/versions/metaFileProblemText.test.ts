import { MetaFileProblemKind, VERSION_META_FILE_KEYS, type MetaFileProblem } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { metaFileFormatText, metaFileProblemText } from './metaFileProblemText';

const PROBLEMS: readonly MetaFileProblem[] = Object.values(MetaFileProblemKind).map((kind) => ({
  kind,
  ...(kind === 'missingKey' || kind === 'invalidValue' || kind === 'unknownKey' ? { key: 'image_sha256' } : {}),
}));

describe('the meta file in words', () => {
  it('names the key at fault, and for a bad value what it should hold', () => {
    const { t } = createI18n('en-US');
    expect(metaFileProblemText(t, { kind: 'missingKey', key: 'core_version' })).toBe(
      'The meta file lacks the key core_version',
    );
    expect(metaFileProblemText(t, { kind: 'invalidValue', key: 'image_sha256' })).toBe(
      'The value of image_sha256 is not valid: The firmware image’s SHA-256: 64 hexadecimal digits',
    );
    expect(metaFileProblemText(t, { kind: 'tooLarge' })).toBe('The meta file is larger than 64 KB (65,536 bytes)');
  });

  it.each(['en-US', 'he-IL'] as const)('documents every key of the format and says every problem in %s', (locale) => {
    const { t } = createI18n(locale);
    for (const key of VERSION_META_FILE_KEYS) {
      expect(metaFileFormatText(t, key), key).not.toMatch(/versions\.|\{\{/);
    }
    expect(metaFileFormatText(t, 'device_model')).toContain('HALO, DRONECOMMX');
    for (const problem of PROBLEMS) {
      expect(metaFileProblemText(t, problem), problem.kind).not.toMatch(/validation\.|\{\{|undefined/);
    }
  });
});
