import {
  DEVICE_MODELS,
  META_FILE_PROBLEM_KEYS,
  MetaFileProblemKind,
  VERSION_META_FILE_KEYS,
  type MetaFileProblem,
  type VersionMetaFile,
} from '@halo/shared';
import type { TFunction } from 'i18next';

/** What each key of the meta file holds, as the dialog documents it (every key of the shared format). */
export const META_FILE_FORMAT_KEYS: Readonly<Record<keyof VersionMetaFile, string>> = {
  device_model: 'versions.format.deviceModel',
  base_version: 'versions.format.baseVersion',
  core_version: 'versions.format.coreVersion',
  web_version: 'versions.format.webVersion',
  official_version: 'versions.format.officialVersion',
  description: 'versions.format.description',
  image_size: 'versions.format.imageSize',
  image_sha256: 'versions.format.imageSha256',
};

const isFormatKey = (key: string | undefined): key is keyof VersionMetaFile =>
  (VERSION_META_FILE_KEYS as readonly string[]).includes(key ?? '');

/** The documentation of one key of the format. */
export const metaFileFormatText = (t: TFunction, key: keyof VersionMetaFile): string =>
  t(META_FILE_FORMAT_KEYS[key], { models: DEVICE_MODELS.join(', ') });

/** What is wrong with a meta file, in words: the key it concerns and, for a bad value, what it should hold. */
export function metaFileProblemText(t: TFunction, problem: MetaFileProblem): string {
  const text = t(META_FILE_PROBLEM_KEYS[problem.kind], { key: problem.key ?? '', 0: t('versions.fields.metaFile') });
  if (problem.kind === MetaFileProblemKind.INVALID_VALUE && isFormatKey(problem.key)) {
    return `${text}: ${metaFileFormatText(t, problem.key)}`;
  }
  return text;
}
