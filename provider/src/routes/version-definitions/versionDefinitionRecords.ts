import type { VersionDefinition } from '@halo/shared';
import type { EnvironmentRow, VersionDefinitionRow } from '../../store/schema.js';

/** A definition as answered, seen from environment `viewerId` (inherited when it came from above). */
export const versionDefinitionView = (
  row: VersionDefinitionRow,
  owner: Pick<EnvironmentRow, 'id' | 'name'>,
  viewerId: number,
): VersionDefinition => ({
  id: row.id,
  version_definition: {
    device_model: row.device_model as VersionDefinition['version_definition']['device_model'],
    base_version: row.base_version,
    core_version: row.core_version,
    web_version: row.web_version,
    official_version: row.official_version,
    description: row.description,
    image_size: Number(row.image_size),
    image_sha256: row.image_sha256,
  },
  environment_id: owner.id,
  environment_name: owner.name,
  inherited: owner.id !== viewerId,
  file_name: row.file_name,
  created_at: new Date(Number(row.created_at)).toISOString(),
});
