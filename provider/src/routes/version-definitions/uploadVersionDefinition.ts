import {
  API,
  AuditAction,
  AuditResource,
  ErrorCode,
  MetaFileProblemKind,
  metaFileProblemFields,
  metaFileProblemMessage,
  readVersionMetaFile,
  VERSION_DEFINITION_FILE_FIELD,
  VERSION_META_FILE_MAX_BYTES,
  type MetaFileProblem,
} from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { assertCollectionRoom } from '../../store/collectionCaps.js';
import { refuse } from '../../errors/httpError.js';
import { readUploadedFiles } from '../../http/multipart.js';
import { auditChange } from '../../http/reachable.js';
import { selfAndAncestors } from '../../http/tenancy.js';
import { isUniqueViolation } from '../../store/uniqueness.js';

/**
 * Section 5: "the meta file must have valid contents"; the answer says what is not (the missing,
 * invalid or unknown key, or the file as a whole) in `fields`, and nothing is written.
 */
const invalidMetaFile = (...problems: MetaFileProblem[]) =>
  refuse(ErrorCode.MISSING_VALUES, metaFileProblemFields(problems), { message: metaFileProblemMessage(problems) });

/**
 * POST config/{env}/admin/versions_definition (multipart, field `version_definition`): adds
 * the definition a meta file describes. Refused with nothing written: a missing or second
 * file, a name with folders or another extension, a binary, more than 64 KB, contents that are
 * not a definition (error 1), and a model and official version the environment can already
 * see, here or above (error 70).
 */
export const uploadVersionDefinition = route(API.versions.upload, (context) => async ({ auth, request }) => {
  const upload = await readUploadedFiles(request, { maxFileBytes: VERSION_META_FILE_MAX_BYTES, maxFiles: 1 });
  if (!upload.ok) {
    throw invalidMetaFile({
      kind: upload.tooLarge ? MetaFileProblemKind.TOO_LARGE : MetaFileProblemKind.NO_FILE,
    });
  }
  const [file] = upload.files;
  if (upload.files.length !== 1 || !file || file.field !== VERSION_DEFINITION_FILE_FIELD) {
    throw invalidMetaFile({ kind: MetaFileProblemKind.NO_FILE });
  }
  const meta = readVersionMetaFile(file.data, file.fileName);
  if (!meta.ok) throw invalidMetaFile(...meta.problems);
  const definition = meta.value;
  const chain = await selfAndAncestors(context.db, auth.target.id);
  const clash = await context.db
    .selectFrom('version_definitions')
    .select('id')
    .where(
      'environment_id',
      'in',
      chain.map((environment) => environment.id),
    )
    .where('device_model', '=', definition.device_model)
    .where('official_version', '=', definition.official_version)
    .executeTakeFirst();
  if (clash) throw refuse(ErrorCode.VERSION_META_EXISTS);
  await assertCollectionRoom(
    'versionDefinitions',
    context.db.selectFrom('version_definitions').where('environment_id', '=', auth.target.id),
  );
  const now = context.now();
  try {
    const row = await context.db
      .insertInto('version_definitions')
      .values({
        environment_id: auth.target.id,
        device_model: definition.device_model,
        base_version: definition.base_version,
        core_version: definition.core_version,
        web_version: definition.web_version,
        official_version: definition.official_version,
        description: definition.description ?? null,
        image_size: definition.image_size,
        image_sha256: definition.image_sha256,
        file_name: file.fileName,
        created_by: auth.user.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditChange(
      context.db,
      auth,
      {
        resource: AuditResource.VERSION_DEFINITION,
        action: AuditAction.CREATE,
        name: `${definition.device_model} ${definition.official_version}`,
        detail: file.fileName,
      },
      now,
    );
    return { id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ErrorCode.VERSION_META_EXISTS);
    throw error;
  }
});
