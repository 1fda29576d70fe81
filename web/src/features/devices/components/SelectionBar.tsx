import { Button, Icon } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetSelectionSummary } from '../../../lib/fleet';

export interface SelectionBarProps {
  readonly selection: FleetSelectionSummary;
  /** Rows the query shows. */
  readonly size: number;
  readonly onSelectMatching: () => void;
  readonly onClear: () => void;
  /** What can be done with the selection (the bulk actions menu). */
  readonly children?: ReactNode;
}

/**
 * Over the table while rows are checked: "N selected · Select all M matching the filter ·
 * Clear", what the filter hides of the selection, and the actions.
 */
export function SelectionBar({ selection, size, onSelectMatching, onClear, children }: SelectionBarProps) {
  const { t } = useTranslation();
  const hidden = selection.count - selection.matching;
  return (
    <div className="devices-selection-bar" role="status" data-testid={TestId.devicesBulk.bar}>
      <Icon icon="tick-circle" />
      <span data-testid={TestId.devicesBulk.count}>{t('devices.bulk.selected', { count: selection.count })}</span>
      {hidden > 0 && <span className="bp6-text-muted">{t('devices.bulk.hidden', { count: hidden })}</span>}
      {selection.matching < size && (
        <Button
          variant="minimal"
          size="small"
          intent="primary"
          text={t('devices.bulk.selectMatching', { count: size })}
          onClick={onSelectMatching}
          data-testid={TestId.devicesBulk.selectMatching}
        />
      )}
      <Button
        variant="minimal"
        size="small"
        text={t('devices.bulk.clear')}
        onClick={onClear}
        data-testid={TestId.devicesBulk.clear}
      />
      <span className="devices-selection-actions">{children}</span>
    </div>
  );
}
