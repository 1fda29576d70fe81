import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  readonly name: string;
  readonly data: Buffer;
  readonly modified: Date;
}

/** A zip archive of `entries` (fflate), stored uncompressed: RF samples hardly compress. */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const entry of entries) files[entry.name] = [entry.data, { level: 0, mtime: entry.modified }];
  return Buffer.from(zipSync(files));
}
