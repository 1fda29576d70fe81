import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import type { ReactNode, UIEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';

export interface LogColumn<Entry> {
  readonly key: string;
  readonly labelKey: string;
  readonly render: (entry: Entry) => ReactNode;
  readonly className?: string;
  /** The column's heading when it is more than a label (a "select all" box). */
  readonly header?: () => ReactNode;
}

export interface LogTableProps<Entry extends { readonly id: number }> {
  readonly columns: readonly LogColumn<Entry>[];
  readonly entries: readonly Entry[];
  readonly loading: boolean;
  readonly error: unknown;
  readonly hasMore: boolean;
  readonly onLoadOlder: () => void;
  readonly onScroll?: UIEventHandler<HTMLDivElement>;
  /** A row's accent (its severity colour), if any. */
  readonly accentOf?: (entry: Entry) => string | undefined;
  readonly onRowClick?: (entry: Entry) => void;
  readonly emptyKey: string;
  readonly scrollRef?: (element: HTMLDivElement | null) => void;
  /**
   * Where older entries arrive, so "load older" sits there: at the end of a newest-first list
   * (the default), at the start of an oldest-first one (a device's log).
   */
  readonly olderAt?: 'start' | 'end';
  /** The "load older" button's text (a list that is not a log's pages says "show more"). */
  readonly olderLabelKey?: string;
}

/** A log's entries with "load older" paging, an empty state and the error that stopped it. */
export function LogTable<Entry extends { readonly id: number }>(props: LogTableProps<Entry>) {
  const { t } = useTranslation();
  const { columns, entries, loading, error, hasMore, onScroll, scrollRef, accentOf, onRowClick } = props;
  const olderAt = props.olderAt ?? 'end';
  const older = (
    <div className={`logs-table-older logs-table-older-${olderAt}`}>
      {loading ? (
        <Spinner size={20} />
      ) : (
        hasMore && (
          <Button
            icon="history"
            text={t(props.olderLabelKey ?? 'logs.list.older')}
            onClick={props.onLoadOlder}
            data-testid={TestId.logs.older}
          />
        )
      )}
    </div>
  );
  return (
    <div className="logs-table-scroll" onScroll={onScroll} ref={scrollRef}>
      {olderAt === 'start' && older}
      {error !== null && (
        <Callout intent="danger" icon="error" role="alert" data-testid={TestId.logs.error}>
          {errorMessage(t, error)}
        </Callout>
      )}
      {entries.length === 0 && !loading && error === null ? (
        <div data-testid={TestId.logs.empty}>
          <NonIdealState icon="search" title={t(props.emptyKey)} description={t('logs.list.emptyHint')} />
        </div>
      ) : (
        <HTMLTable compact striped className="logs-table" data-testid={TestId.logs.rows}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} className={column.className}>
                  {column.header ? column.header() : t(column.labelKey)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                data-testid={TestId.logs.row(entry.id)}
                className={onRowClick ? 'logs-row-clickable' : undefined}
                onClick={onRowClick ? () => onRowClick(entry) : undefined}
              >
                {columns.map((column, index) => (
                  <td
                    key={column.key}
                    className={column.className}
                    // The row's severity as a bar on its leading edge (either side, by direction).
                    style={
                      index === 0 && accentOf
                        ? { borderInlineStart: `3px solid ${accentOf(entry) ?? 'transparent'}` }
                        : undefined
                    }
                  >
                    {column.render(entry)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {olderAt === 'end' && older}
    </div>
  );
}
