import { describe, expect, it } from 'vitest';
import { API, ErrorCode, Permission } from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { clientDevice, createDevice, multipartBody } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

const meta = (official: string, model = 'HALO') => ({
  device_model: model,
  base_version: '4.2',
  core_version: '4.2.17',
  web_version: '2.0.1',
  official_version: official,
  description: 'Spring release',
  image_size: 48_234_496,
  image_sha256: 'c0ffee'.padEnd(64, '0'),
});

describe.each(DIALECTS)('firmware version definitions on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;
  // Built by hand: a form library would shorten '../x.json' to 'x.json' before it left.
  const upload = (actor: Actor, contents: string | Buffer, fileName = 'halo.json', field = 'version_definition') => {
    const form = multipartBody([{ name: field, fileName, contentType: 'application/json', data: contents }]);
    return suite.provider.api
      .post(`/api/v1/config/${actor.environmentId}/admin/versions_definition`)
      .set('Authorization', actor.authorization)
      .set('Content-Type', form.contentType)
      .send(form.body);
  };
  const list = async (actor: Actor) =>
    API.versions.list.answer.parse((await send(actor, 'get', '/admin/versions_definition').expect(200)).body)
      .version_definitions;

  it('adds a definition from its meta file, lists it, and refuses the same model and version twice', async () => {
    const { admin } = suite;
    const created = await upload(admin, JSON.stringify(meta('12.6.0')));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [definition] = await list(admin);
    expect(definition).toMatchObject({
      id: created.body.id,
      version_definition: meta('12.6.0'),
      inherited: false,
      environment_name: 'root',
      file_name: 'halo.json',
    });
    const again = await upload(admin, JSON.stringify(meta('12.6.0')), 'halo-again.json');
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(ErrorCode.VERSION_META_EXISTS);
    // Another model may carry the same version.
    expect((await upload(admin, JSON.stringify(meta('12.6.0', 'DRONECOMMX')), 'dcx.json')).status).toBe(201);
  });

  it.each([
    [
      'contents that are not a definition',
      JSON.stringify({ ...meta('1.0'), install: 'rm -rf /' }),
      'halo.json',
      { 'version_definition.install': 'validation.metaFileUnknownKey' },
      /it has a key the format does not know: install$/,
    ],
    [
      'a missing key',
      JSON.stringify({ ...meta('1.0'), core_version: undefined }),
      'halo.json',
      { 'version_definition.core_version': 'validation.metaFileMissingKey' },
      /it lacks the key core_version$/,
    ],
    [
      'a bad value',
      JSON.stringify({ ...meta('1.0'), image_sha256: 'abc' }),
      'halo.json',
      { 'version_definition.image_sha256': 'validation.metaFileInvalidValue' },
      /its image_sha256 is not valid$/,
    ],
    [
      'a binary',
      Buffer.from([0x7b, 0x00, 0xff, 0x7d]),
      'halo.json',
      { version_definition: 'validation.metaFileNotText' },
      /it is not UTF-8 text$/,
    ],
    [
      'a file over 64 KB',
      JSON.stringify({ ...meta('1.0'), description: 'x'.repeat(70_000) }),
      'halo.json',
      { version_definition: 'validation.metaFileTooLarge' },
      /it is larger than 65536 bytes \(64 KB\)$/,
    ],
    [
      'a path in the file name',
      JSON.stringify(meta('1.0')),
      '../../etc/halo.json',
      { version_definition: 'validation.metaFileName' },
      /its name must end in \.json or \.meta/,
    ],
    [
      'a Windows path',
      JSON.stringify(meta('1.0')),
      'C:\\firmware\\halo.json',
      { version_definition: 'validation.metaFileName' },
      /its name/,
    ],
    [
      'another extension',
      JSON.stringify(meta('1.0')),
      'halo.sh',
      { version_definition: 'validation.metaFileName' },
      /its name/,
    ],
  ])(
    'refuses %s with the meta file error naming what is wrong, and writes nothing',
    async (_, contents, fileName, fields, message) => {
      const refused = await upload(suite.admin, contents, fileName);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: ErrorCode.MISSING_VALUES, fields });
      expect(refused.body.message).toMatch(/^The meta file must have valid contents: /);
      expect(refused.body.message).toMatch(message);
      expect(await list(suite.admin)).toEqual([]);
    },
  );

  it('takes a meta file of exactly 64 KB (65,536 bytes) and refuses one byte more', async () => {
    // JSON allows blanks after the object: a valid file padded to the size.
    const ofSize = (official: string, size: number) => JSON.stringify(meta(official)).padEnd(size, ' ');
    expect(Buffer.byteLength(ofSize('1.0', 65_536))).toBe(65_536);
    const atLimit = await upload(suite.admin, ofSize('1.0', 65_536));
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);
    const overLimit = await upload(suite.admin, ofSize('1.1', 65_537), 'halo-1.1.json');
    expect(overLimit.status).toBe(400);
    expect(overLimit.body.fields).toEqual({ version_definition: 'validation.metaFileTooLarge' });
    expect((await list(suite.admin)).map((definition) => definition.version_definition.official_version)).toEqual([
      '1.0',
    ]);
  });

  it('refuses a missing file, a second file and a body that is not multipart', async () => {
    const { admin } = suite;
    const path = `/api/v1/config/${admin.environmentId}/admin/versions_definition`;
    expect((await upload(admin, JSON.stringify(meta('1.0')), 'halo.json', 'other')).status).toBe(400);
    const two = multipartBody([
      { name: 'version_definition', fileName: 'a.json', data: JSON.stringify(meta('1.0')) },
      { name: 'version_definition', fileName: 'b.json', data: JSON.stringify(meta('1.1')) },
    ]);
    const twoFiles = await suite.provider.api
      .post(path)
      .set('Authorization', admin.authorization)
      .set('Content-Type', two.contentType)
      .send(two.body);
    expect(twoFiles.status).toBe(400);
    const json = await suite.provider.api.post(path).set('Authorization', admin.authorization).send(meta('1.0'));
    expect(json.status).toBe(400);
    expect(await list(admin)).toEqual([]);
  });

  it('a sub-environment sees the definitions above it but deletes only its own', async () => {
    const { admin } = suite;
    const rootDefinition = (await upload(admin, JSON.stringify(meta('12.6.0')))).body.id as number;
    const child = await createEnvironment(suite.provider.api, admin, 'fw-child');
    const childDefinition = (await upload(child, JSON.stringify(meta('12.7.0')), 'child.json')).body.id as number;
    const seen = await list(child);
    expect(seen.map((definition) => [definition.version_definition.official_version, definition.inherited])).toEqual([
      ['12.7.0', false],
      ['12.6.0', true],
    ]);
    expect((await list(admin)).map((definition) => definition.id)).toEqual([rootDefinition]);
    // A version the child can already see from above is a duplicate there too.
    expect((await upload(child, JSON.stringify(meta('12.6.0')), 'dup.json')).body.error).toBe(
      ErrorCode.VERSION_META_EXISTS,
    );
    expect((await send(child, 'delete', `/admin/versions_definition/${rootDefinition}`)).status).toBe(404);
    expect((await send(admin, 'delete', `/admin/versions_definition/${childDefinition}`)).status).toBe(404);
    await send(child, 'delete', `/admin/versions_definition/${childDefinition}`).expect(200);
  });

  it('refuses to delete a version devices are pinned to, naming them, here or below', async () => {
    const { admin } = suite;
    const id = (await upload(admin, JSON.stringify(meta('12.6.0')))).body.id as number;
    const child = await createEnvironment(suite.provider.api, admin, 'fw-pinned');
    const policy = (fixed_version: string | null) => ({
      is_auto_upgrade_enabled: false,
      allowed_days: [1],
      allowed_hours: [2],
      fixed_version,
    });
    await createDevice(suite.provider.api, child, { ...clientDevice('pinned-cam'), upgrade_policy: policy('12.6.0') });
    await createDevice(suite.provider.api, admin, { ...clientDevice('free-cam'), upgrade_policy: policy('12.6.1') });
    const refused = await send(admin, 'delete', `/admin/versions_definition/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: ErrorCode.VERSION_IN_USE,
      fields: { devices: 'pinned-cam', count: 1 },
    });
    expect(await list(admin)).toHaveLength(1);
  });

  it('needs admin view (130) to list, update-all (131) to add and delete-all (132) to delete', async () => {
    const { admin } = suite;
    const id = (await upload(admin, JSON.stringify(meta('12.6.0')))).body.id as number;
    await createUser(suite.provider.api, admin, 'fw-viewer', [Permission.ADMIN_VIEW]);
    await createUser(suite.provider.api, admin, 'fw-adder', [Permission.ADMIN_VIEW, Permission.ADMIN_UPDATE_ALL]);
    await createUser(suite.provider.api, admin, 'fw-deleter', [Permission.ADMIN_VIEW, Permission.ADMIN_DELETE_ALL]);
    const viewer = await as(suite.provider.api, 'fw-viewer', 'root');
    const adder = await as(suite.provider.api, 'fw-adder', 'root');
    const deleter = await as(suite.provider.api, 'fw-deleter', 'root');
    expect(await list(viewer)).toHaveLength(1);
    expect((await upload(viewer, JSON.stringify(meta('13.0')))).status).toBe(403);
    expect((await upload(adder, JSON.stringify(meta('13.0')))).status).toBe(201);
    expect((await send(adder, 'delete', `/admin/versions_definition/${id}`)).status).toBe(403);
    expect((await send(deleter, 'delete', `/admin/versions_definition/${id}`)).status).toBe(200);
  });
});
