import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, ValidationKey } from '@halo/shared';
import { useAdminSuite } from '../testing/adminSuite.js';
import { STRONG_PASSWORD } from '../testing/people.js';
import { DIALECTS } from '../testing/testProvider.js';

// Users are created (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 60_000 });

/**
 * Every free-text name other people are shown (a saved view, a wall display, an alarm webhook,
 * a user's display name, a silence's reason) refuses line ends, tabs and other controls, the
 * bidi overrides, embeddings and isolates, and lone surrogates, with one validation key, and
 * writes nothing; Hebrew, accents, emoji and the plain direction marks are names like any other.
 */
describe.each(DIALECTS)('names shown to others on %s', (dialect) => {
  const suite = useAdminSuite(dialect, { HALO_WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16' });
  const { send } = suite;

  const UNSAFE_NAMES = [
    'North\r\nSouth',
    'North\n',
    '\rNorth',
    'North\tSouth',
    // NUL is refused with any body before it is parsed (app.ts); its neighbours are the rule's.
    'North\u0001',
    'North\u0085',
    'North\u007f',
    'exe.\u202Etxt',
    '\u202ANorth',
    'North\u2066South\u2069',
    'North\u2028',
    'North\uD800',
    '\uDC00North',
  ];

  /** Each name field: how to send a name in it, the field the refusal names, and how many rows it wrote. */
  const FIELDS = [
    {
      field: 'view.name',
      create: (name: string) =>
        send(suite.admin, 'post', '/saved_views', { view: { screen: 'devices', name, query: '' } }),
      rows: 'saved_views',
    },
    {
      field: 'label',
      create: (label: string) => send(suite.admin, 'post', '/wall_displays', { label }),
      rows: 'sessions',
    },
    {
      field: 'name',
      create: (name: string) =>
        send(suite.admin, 'post', '/alarm_webhooks', { name, url: 'http://10.20.1.5:8080/in', min_severity: 2 }),
      rows: 'alarm_webhooks',
    },
    {
      field: 'user.name',
      create: (name: string) =>
        send(suite.admin, 'post', '/users', {
          user: { username: `u${Date.now()}`, password: STRONG_PASSWORD, email: 'u@example.test', name },
        }),
      rows: 'users',
    },
    {
      field: 'reason',
      create: (reason: string) =>
        send(suite.admin, 'post', '/alarm_silences', { scope: 'environment', duration_minutes: 60, reason }),
      rows: 'alarm_silences',
    },
  ] as const;

  const countOf = async (table: (typeof FIELDS)[number]['rows']) => {
    const { db } = suite.provider.provider.context;
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('refuses control, bidi-override and half characters in every name field, with one key, writing nothing', async () => {
    for (const { field, create, rows } of FIELDS) {
      const before = await countOf(rows);
      for (const name of UNSAFE_NAMES) {
        const refused = await create(name);
        const label = `${field} ${JSON.stringify(name)}`;
        expect(refused.status, `${label}: ${JSON.stringify(refused.body)}`).toBe(400);
        expect(refused.body, label).toMatchObject({
          error: ErrorCode.MISSING_VALUES,
          fields: { [field]: ValidationKey.NAME_CHARACTERS },
        });
      }
      expect(await countOf(rows), field).toBe(before);
    }
  });

  it('takes Hebrew, accents, emoji and the plain direction marks', async () => {
    for (const [index, name] of ['צפון \u200Fמזרח', 'Café Nord', 'Wall 😀', '\u200EWest'].entries()) {
      const saved = await send(suite.admin, 'post', '/saved_views', {
        view: { screen: 'devices', name, query: `q=${index}` },
      });
      expect(saved.status, `${JSON.stringify(name)}: ${JSON.stringify(saved.body)}`).toBe(201);
    }
  });
});
