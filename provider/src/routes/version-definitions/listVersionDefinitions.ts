import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { selfAndAncestors } from '../../http/tenancy.js';
import { versionDefinitionView } from './versionDefinitionRecords.js';

/**
 * GET config/{env}/admin/versions_definition: the environment's definitions and those of the
 * environments above it (its devices may be pinned to any), newest first.
 */
export const listVersionDefinitions = route(API.versions.list, (context) => async ({ auth }) => {
  const chain = await selfAndAncestors(context.db, auth.target.id);
  const rows = await context.db
    .selectFrom('version_definitions')
    .selectAll()
    .where(
      'environment_id',
      'in',
      chain.map((environment) => environment.id),
    )
    .orderBy('id', 'desc')
    .execute();
  const owners = new Map(chain.map((environment) => [environment.id, environment]));
  return {
    version_definitions: rows.flatMap((row) => {
      const owner = owners.get(row.environment_id);
      return owner ? [versionDefinitionView(row, owner, auth.target.id)] : [];
    }),
  };
});
