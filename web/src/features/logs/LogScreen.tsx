import './logs.css';
import { Button } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import type { ReactNode, UIEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from './components/ExportButton';
import { LogTable } from './components/LogTable';
import { TimeRangePicker } from './components/TimeRangePicker';
import type { LogScreenState } from './useLogScreen';

export interface LogScreenProps<Entry extends { readonly id: number }, Filters, Answer> {
  readonly screen: LogScreenState<Entry, Filters, Answer>;
  /** The screen's own filter controls, after the time range. */
  readonly filters: ReactNode;
  /**
   * What stands before the export: the refresh button unless the screen brings its own (the
   * system log's live button, as a live list needs no refresh; `false` for nothing).
   */
  readonly actions?: ReactNode;
  /** Between the toolbar and the rows (the system log's histogram and its waiting entries). */
  readonly children?: ReactNode;
  readonly scrollRef?: (element: HTMLDivElement | null) => void;
  readonly onScroll?: UIEventHandler<HTMLDivElement>;
}

/**
 * A log screen's view: the toolbar (time range, the screen's filters, refresh or its own
 * actions, CSV export) over the entries with "load older" paging.
 */
export function LogScreen<Entry extends { readonly id: number }, Filters, Answer>({
  screen,
  filters,
  actions,
  children,
  scrollRef,
  onScroll,
}: LogScreenProps<Entry, Filters, Answer>) {
  const { t } = useTranslation();
  const { definition, pages } = screen;
  return (
    <section className="logs-screen" data-testid={TestId.logs.screen(definition.name)}>
      <div className="logs-toolbar">
        <TimeRangePicker value={screen.range} onChange={screen.setRange} />
        {filters}
        <span className="logs-toolbar-spacer" />
        {actions === undefined ? (
          <Button icon="refresh" minimal aria-label={t('logs.list.refresh')} onClick={pages.reload} />
        ) : (
          actions
        )}
        <ExportButton download={screen.download} />
      </div>
      {children}
      <LogTable
        columns={definition.columns(t)}
        entries={pages.entries}
        loading={pages.loading}
        error={pages.error}
        hasMore={pages.hasMore}
        onLoadOlder={pages.loadOlder}
        accentOf={definition.accentOf}
        emptyKey={definition.emptyKey}
        scrollRef={scrollRef}
        onScroll={onScroll}
      />
    </section>
  );
}
