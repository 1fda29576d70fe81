import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, startTestProvider, type TestProvider } from '../testing/testProvider.js';
import { TABLE_COLUMNS } from './tableColumns.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('the tables the migrations make on %s', (dialect) => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider(dialect);
  });
  afterAll(async () => {
    await provider.stop();
  });

  it('have exactly the columns the table types declare', async () => {
    const made = await provider.provider.context.db.introspection.getTables();
    const madeColumns = Object.fromEntries(
      made
        .filter((table) => table.name in TABLE_COLUMNS)
        .map((table) => [table.name, table.columns.map((column) => column.name).sort()]),
    );
    const declared = Object.fromEntries(
      Object.entries(TABLE_COLUMNS)
        // SQLite's trigram index of log names (migration 017) is an FTS5 table: its rowid is implicit, and PostgreSQL has none.
        .filter(([name]) => dialect === 'sqlite' || name !== 'system_log_names')
        .map(([name, columns]) => [
          name,
          [...columns].filter((column) => name !== 'system_log_names' || column !== 'rowid').sort(),
        ]),
    );
    expect(madeColumns).toEqual(declared);
  });
});
