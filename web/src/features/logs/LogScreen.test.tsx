import { API, TestId, type UserAudit } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../lib/api/saveFile';
import { jsonResponse, renderWithSession } from '../../testing/sessionHarness';
import { TextFilter } from './components/TextFilter';
import { readText } from './logQuery';
import { LogScreen } from './LogScreen';
import { defineLogScreen } from './logScreenDefinition';
import { useLogScreen } from './useLogScreen';

vi.mock('../../lib/api/saveFile', () => ({ saveFile: vi.fn() }));

const NOW = Date.parse('2026-11-26T12:00:00Z');

const audit = (id: number): UserAudit => ({
  id,
  user: 'admin',
  resource: 'group',
  action: 'update',
  name: `group-${id}`,
  detail: null,
  time: '2026-11-26T10:00:00Z',
  changes: [],
});

/** A small audit log: one text filter, pages of two, so paging shows with few entries. */
const auditsByText = defineLogScreen({
  name: 'audit',
  endpoints: { list: API.logs.userAudits, export: API.logs.userAuditsExport },
  rowsOf: (answer) => answer.user_audits,
  readFilters: (params) => ({ text: readText(params, 'q') }),
  toQuery: ({ text }) => (text ? { free_text: text } : {}),
  columns: () => [{ key: 'name', labelKey: 'logs.columns.name', render: (entry) => entry.name }],
  emptyKey: 'logs.audit.empty',
  pageSize: 2,
});

function AuditsByText() {
  const log = useLogScreen(auditsByText);
  return (
    <LogScreen
      screen={log}
      filters={
        <TextFilter
          value={log.filters.text}
          onCommit={(value) => log.setFilter('q', value)}
          icon="search"
          labelKey="logs.audit.search"
          testId={TestId.logs.text}
        />
      }
    />
  );
}

/** The server: newest first, two a page, older than `object_id`; a text filter keeps ids above 100. */
function mockServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(typeof input === 'string' ? input : '', 'http://console.test');
    if (url.pathname.endsWith('/export'))
      return Promise.resolve(
        new Response('id\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-log-now.csv"' },
        }),
      );
    const top = url.searchParams.has('free_text') ? 110 : 10;
    const olderThan = Number(url.searchParams.get('object_id') ?? top + 1);
    return Promise.resolve(jsonResponse(200, { user_audits: [olderThan - 1, olderThan - 2].map(audit) }));
  });
}

/** Each call's path and query, in order. */
const calls = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.map(([input]) => new URL(typeof input === 'string' ? input : '', 'http://console.test'));

const rowIds = () =>
  screen.queryAllByTestId(/^logs-row-/).map((row) => Number(row.getAttribute('data-testid')?.replace('logs-row-', '')));

describe('LogScreen', () => {
  beforeEach(() => vi.setSystemTime(NOW));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('asks for the first page of the view, older pages by cursor, and the first page again when a filter changes', async () => {
    const fetchMock = mockServer();
    renderWithSession(<AuditsByText />);
    expect(screen.getByTestId(TestId.logs.screen('audit'))).toBeTruthy();
    await waitFor(() => expect(rowIds()).toEqual([10, 9]));
    const [first] = calls(fetchMock);
    expect(first?.pathname).toMatch(/\/config\/2\/user_audits$/);
    // The default range (the last 24 hours) measured back from the server's time, no cursor.
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      start_date: '2026-11-25T12:00:00.000Z',
      page_size: '2',
    });

    fireEvent.click(screen.getByTestId(TestId.logs.older));
    await waitFor(() => expect(rowIds()).toEqual([10, 9, 8, 7]));
    expect(calls(fetchMock)[1]?.searchParams.get('object_id')).toBe('9');

    fireEvent.change(screen.getByTestId(TestId.logs.text), { target: { value: 'north' } });
    fireEvent.blur(screen.getByTestId(TestId.logs.text));
    // The new view's first page only: the older pages of the last one are gone.
    await waitFor(() => expect(rowIds()).toEqual([110, 109]));
    const filtered = calls(fetchMock)[2];
    expect(filtered?.searchParams.get('free_text')).toBe('north');
    expect(filtered?.searchParams.has('object_id')).toBe(false);

    fireEvent.click(screen.getByTestId(TestId.logs.range('1h')));
    await waitFor(() => expect(calls(fetchMock)).toHaveLength(4));
    expect(Object.fromEntries(calls(fetchMock)[3]?.searchParams ?? [])).toEqual({
      start_date: '2026-11-26T11:00:00.000Z',
      free_text: 'north',
      page_size: '2',
    });
  });

  it('asks again for the first page on refresh', async () => {
    const fetchMock = mockServer();
    renderWithSession(<AuditsByText />);
    await waitFor(() => expect(rowIds()).toEqual([10, 9]));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls(fetchMock)).toHaveLength(2));
    expect(calls(fetchMock)[1]?.searchParams.has('object_id')).toBe(false);
  });

  it("exports the query the list was asked, without paging, in the reader's language", async () => {
    const fetchMock = mockServer();
    renderWithSession(<AuditsByText />);
    await waitFor(() => expect(rowIds()).toEqual([10, 9]));
    fireEvent.change(screen.getByTestId(TestId.logs.text), { target: { value: 'north' } });
    fireEvent.blur(screen.getByTestId(TestId.logs.text));
    await waitFor(() => expect(rowIds()).toEqual([110, 109]));

    fireEvent.click(screen.getByTestId(TestId.logs.export));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const listed = calls(fetchMock)[1];
    const exported = calls(fetchMock)[2];
    expect(exported?.pathname).toMatch(/\/config\/2\/user_audits\/export$/);
    const { page_size: _pageSize, ...filters } = Object.fromEntries(listed?.searchParams ?? []);
    expect(Object.fromEntries(exported?.searchParams ?? [])).toEqual({ ...filters, lang: 'en-US' });
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('audit-log-now.csv');
  });
});
