import { describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  Permission,
  SAVED_VIEW_QUERY_MAX,
  SAVED_VIEWS_PER_USER_MAX,
  SavedViewListResponseSchema,
  SavedViewSchema,
} from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { configCall } from '../../testing/configCall.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

// Users log in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('saved views on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const db = () => suite.provider.provider.context.db;

  const save = (actor: Actor, name: string, query: string, environmentId = actor.environmentId) =>
    configCall(
      suite.provider.api,
      actor,
      'post',
      '/saved_views',
      { view: { screen: 'devices', name, query } },
      environmentId,
    );
  const list = async (actor: Actor, environmentId = actor.environmentId) => {
    const response = await configCall(
      suite.provider.api,
      actor,
      'get',
      '/saved_views?screen=devices',
      undefined,
      environmentId,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return SavedViewListResponseSchema.parse(response.body).views;
  };

  it('saves, lists by name, replaces a name saved again, and deletes', async () => {
    const first = await save(suite.admin, 'North', 'q=north&sort=name.asc');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const north = SavedViewSchema.parse(first.body.view);
    expect(north).toMatchObject({ screen: 'devices', name: 'North', query: 'q=north&sort=name.asc' });
    // A leading '?' and odd encodings are kept as one query, written the one way.
    const offline = await save(suite.admin, 'alpha offline', '?status=offline&q=a b');
    expect(offline.body.view.query).toBe('status=offline&q=a+b');
    expect((await list(suite.admin)).map((view) => view.name)).toEqual(['alpha offline', 'North']);

    const again = await save(suite.admin, 'North', 'q=north&sort=name.desc');
    expect(again.status).toBe(201);
    expect(again.body.view).toMatchObject({ id: north.id, query: 'q=north&sort=name.desc' });
    expect((await list(suite.admin)).map((view) => [view.name, view.query])).toEqual([
      ['alpha offline', 'status=offline&q=a+b'],
      ['North', 'q=north&sort=name.desc'],
    ]);

    await suite.send(suite.admin, 'delete', `/saved_views/${north.id}`).expect(200);
    expect((await list(suite.admin)).map((view) => view.name)).toEqual(['alpha offline']);
    expect((await suite.send(suite.admin, 'delete', `/saved_views/${north.id}`)).status).toBe(404);
  });

  it("a user's views are their own: another user neither lists nor deletes them (404), in any environment", async () => {
    const mine = SavedViewSchema.parse((await save(suite.admin, 'mine', 'q=1')).body.view);
    // Views are of the Devices screen: any user who may see it keeps their own (issue 39, item 9).
    await createUser(suite.provider.api, suite.admin, 'colleague', [Permission.DEVICES_VIEW]);
    const colleague = await as(suite.provider.api, 'colleague', 'root');
    await createUser(suite.provider.api, suite.admin, 'nobody', []);
    const nobody = await as(suite.provider.api, 'nobody', 'root');
    expect(await list(colleague)).toEqual([]);
    const theirs = await save(colleague, 'mine', 'q=2');
    expect(theirs.status).toBe(201);
    expect(theirs.body.view.id).not.toBe(mine.id);
    expect((await save(nobody, 'any', 'q=3')).status).toBe(403);
    const unseen = await configCall(suite.provider.api, nobody, 'get', '/saved_views?screen=devices');
    expect(unseen.status).toBe(403);
    const removed = await configCall(suite.provider.api, colleague, 'delete', `/saved_views/${mine.id}`);
    expect(removed.status).toBe(404);
    expect(removed.body.error).toBe(ErrorCode.INVALID_ID);
    expect((await list(suite.admin)).map((view) => view.query)).toEqual(['q=1']);

    // A manager's views in an environment below are apart from their own; the child's manager sees neither.
    const child = await createEnvironment(suite.provider.api, suite.admin, 'child-views');
    expect(await list(suite.admin, child.environmentId)).toEqual([]);
    const below = SavedViewSchema.parse((await save(suite.admin, 'below', 'q=4', child.environmentId)).body.view);
    expect(await list(child)).toEqual([]);
    expect((await configCall(suite.provider.api, child, 'delete', `/saved_views/${below.id}`)).status).toBe(404);
    // The root environment named from the child: not found.
    expect((await save(child, 'up', 'q=5', suite.admin.environmentId)).body.error).toBe(ErrorCode.INVALID_TOKEN);
    // Deleting the environment takes the views kept in it; deleting a user takes theirs.
    await suite.send(suite.admin, 'delete', `/environments/${child.environmentId}`).expect(200);
    await suite.send(suite.admin, 'delete', `/users/${colleague.userId}`).expect(200);
    const left = await db().selectFrom('saved_views').select(['name', 'user_id']).orderBy('name').execute();
    expect(left).toEqual([{ name: 'mine', user_id: suite.admin.userId }]);
  });

  it('renames a view (its query kept), takes over a name another of the caller’s views holds, and refuses a bad name or another user’s view', async () => {
    const rename = (actor: Actor, id: number, body: object) =>
      configCall(suite.provider.api, actor, 'put', `/saved_views/${id}`, body);
    const north = SavedViewSchema.parse((await save(suite.admin, 'North', 'q=north')).body.view);
    const south = SavedViewSchema.parse((await save(suite.admin, 'South', 'q=south')).body.view);

    const renamed = await rename(suite.admin, north.id, { view: { name: 'Northern gates' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.view).toEqual({ ...north, name: 'Northern gates' });
    expect((await list(suite.admin)).map((view) => [view.name, view.query])).toEqual([
      ['Northern gates', 'q=north'],
      ['South', 'q=south'],
    ]);
    // The same name again: nothing changes.
    expect((await rename(suite.admin, north.id, { view: { name: 'Northern gates' } })).status).toBe(200);
    // A name another view holds: that one is replaced, as saving under it would.
    const taken = await rename(suite.admin, south.id, { view: { name: 'Northern gates' } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect((await list(suite.admin)).map((view) => [view.id, view.name, view.query])).toEqual([
      [south.id, 'Northern gates', 'q=south'],
    ]);

    // The name rule of saving; a body with anything else.
    for (const body of [
      {},
      { view: { name: '' } },
      { view: { name: 'x'.repeat(65) } },
      { view: { name: 7 } },
      { view: { name: 'ok', query: 'q=1' } },
      { view: { name: 'ok' }, extra: 1 },
    ]) {
      const response = await rename(suite.admin, south.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toBe(ErrorCode.MISSING_VALUES);
    }
    // Another user's view, in the environment or from one below: not found, and left as it was.
    await createUser(suite.provider.api, suite.admin, 'renamer', [Permission.DEVICES_VIEW]);
    const renamer = await as(suite.provider.api, 'renamer', 'root');
    const foreign = await rename(renamer, south.id, { view: { name: 'mine now' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(ErrorCode.INVALID_ID);
    const child = await createEnvironment(suite.provider.api, suite.admin, 'child-rename');
    expect((await rename(child, south.id, { view: { name: 'mine now' } })).status).toBe(404);
    expect((await suite.send(suite.admin, 'put', '/saved_views/abc', { view: { name: 'x' } })).body.error).toBe(
      ErrorCode.INVALID_ID,
    );
    expect((await list(suite.admin)).map((view) => view.name)).toEqual(['Northern gates']);
  });

  it(`keeps at most ${SAVED_VIEWS_PER_USER_MAX} views of a screen per user (error 170); replacing one still works`, async () => {
    for (let index = 0; index < SAVED_VIEWS_PER_USER_MAX; index += 1) {
      expect((await save(suite.admin, `view ${index}`, `page=${index}`)).status).toBe(201);
    }
    const over = await save(suite.admin, 'one more', 'page=x');
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      error: ErrorCode.SAVED_VIEW_LIMIT_REACHED,
      message: `You may keep ${SAVED_VIEWS_PER_USER_MAX} saved views of a screen; delete one to save another`,
      fields: { limit: SAVED_VIEWS_PER_USER_MAX },
    });
    expect((await save(suite.admin, 'view 3', 'page=again')).status).toBe(201);
    expect(await list(suite.admin)).toHaveLength(SAVED_VIEWS_PER_USER_MAX);
  });

  it('bad bodies and queries are errors 1 and 3, and write nothing', async () => {
    const bad: unknown[] = [
      {},
      { view: { screen: 'devices', name: '', query: '' } },
      { view: { screen: 'alarms', name: 'x', query: '' } },
      { view: { screen: 'devices', name: 'x'.repeat(65), query: '' } },
      { view: { screen: 'devices', name: 'x', query: 'q='.padEnd(SAVED_VIEW_QUERY_MAX + 1, 'a') } },
      // Within the limit as sent, beyond it once each character is encoded.
      { view: { screen: 'devices', name: 'x', query: `q=${'é'.repeat(SAVED_VIEW_QUERY_MAX - 10)}` } },
      { view: { screen: 'devices', name: 'x', query: 'q=1' }, extra: 1 },
      { view: { screen: 'devices', name: 'x', query: 'q=1', id: 4 } },
      { view: { screen: 'devices', name: 7, query: 'q=1' } },
    ];
    for (const body of bad) {
      const response = await suite.send(suite.admin, 'post', '/saved_views', body as object);
      const label = JSON.stringify(body).slice(0, 100);
      expect(response.status, label).toBe(400);
      expect(response.body.error, label).toBe(ErrorCode.MISSING_VALUES);
    }
    for (const query of ['', '?screen=alarms', '?screen=devices&x=1']) {
      const response = await suite.send(suite.admin, 'get', `/saved_views${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
    expect((await suite.send(suite.admin, 'delete', '/saved_views/abc')).body.error).toBe(ErrorCode.INVALID_ID);
    expect(await db().selectFrom('saved_views').selectAll().execute()).toEqual([]);
  });
});
