import { Button, HTMLTable, Icon, Tooltip } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDefinition } from './crudDefinition';

export interface CrudTableProps<Row> {
  readonly resource: string;
  readonly rows: readonly Row[];
  readonly columns: readonly ColumnDefinition<Row>[];
  readonly rowId: (row: Row) => number | string;
  /** The per-row buttons (edit, delete, extra actions). */
  readonly renderActions: (row: Row) => ReactNode;
  readonly actionsLabel: string;
}

type Direction = 'asc' | 'desc';

function compare(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** A sortable list with per-row actions: Blueprint's HTML table, one header click sorts, two reverse. */
export function CrudTable<Row>({ resource, rows, columns, rowId, renderActions, actionsLabel }: CrudTableProps<Row>) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ column: string; direction: Direction } | null>(null);

  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.key === sort?.column);
    if (!column || !sort) return rows;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => factor * compare(column.value(a), column.value(b)));
  }, [rows, columns, sort]);

  const toggleSort = (column: string) =>
    setSort((current) =>
      current?.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );

  return (
    <HTMLTable className="crud-table" interactive striped compact data-testid={TestId.crud.table(resource)}>
      <thead>
        <tr>
          {columns.map((column) => {
            const direction = sort?.column === column.key ? sort.direction : null;
            return (
              <th
                key={column.key}
                aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
              >
                {column.sortable ? (
                  <Button
                    variant="minimal"
                    size="small"
                    className="crud-sort"
                    text={t(column.labelKey)}
                    endIcon={
                      direction === 'asc'
                        ? 'chevron-up'
                        : direction === 'desc'
                          ? 'chevron-down'
                          : 'double-caret-vertical'
                    }
                    onClick={() => toggleSort(column.key)}
                    data-testid={TestId.crud.sort(resource, column.key)}
                  />
                ) : (
                  t(column.labelKey)
                )}
              </th>
            );
          })}
          <th className="crud-actions-header">{actionsLabel}</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={rowId(row)} data-testid={TestId.crud.row(resource, rowId(row))}>
            {columns.map((column) => (
              <td key={column.key}>{column.render ? column.render(row) : formatCell(column.value(row))}</td>
            ))}
            <td className="crud-actions">{renderActions(row)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function formatCell(value: string | number | boolean | null): ReactNode {
  if (value === null || value === '') return <span className="bp6-text-muted">-</span>;
  if (typeof value === 'boolean') return value ? <Icon icon="tick" /> : null;
  return String(value);
}

export interface RowButtonProps {
  readonly icon: Parameters<typeof Button>[0]['icon'];
  readonly label: string;
  readonly disabled: boolean;
  /** Why it is disabled, shown as a tooltip. */
  readonly disabledReason?: string;
  readonly intent?: 'danger';
  readonly testId: string;
  readonly onClick: () => void;
}

/**
 * Whether row buttons show a Blueprint tooltip (default) or the browser's title: a virtualised
 * table that re-renders its visible rows every frame provides false, tooltips being costly.
 */
export const RowButtonTooltips = createContext(true);

/** An icon button of a row, with its label as tooltip and accessible name. */
export function RowButton({ icon, label, disabled, disabledReason, intent, testId, onClick }: RowButtonProps) {
  const tooltips = useContext(RowButtonTooltips);
  if (!tooltips) {
    return (
      <Button
        variant="minimal"
        size="small"
        icon={icon}
        intent={intent}
        aria-label={label}
        title={disabled && disabledReason ? disabledReason : label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      />
    );
  }
  return (
    <Tooltip content={disabled && disabledReason ? disabledReason : label} placement="top">
      <Button
        variant="minimal"
        size="small"
        icon={icon}
        intent={intent}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}
