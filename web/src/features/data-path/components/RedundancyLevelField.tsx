import { HTMLSelect } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { redundancyCostMessage } from '../redundancyCost';
import { REDUNDANCY_LEVEL_LABEL_KEYS } from '../dataPathLabels';

export interface RedundancyLevelFieldProps {
  readonly side: 'host' | 'hub';
  readonly level: number;
  readonly percentage: number | null;
  readonly disabled: boolean;
  readonly testId: string;
  readonly onChange: (level: number) => void;
}

/** The redundancy choice and, beside it, what it costs in extra traffic per GB of data. */
export function RedundancyLevelField({
  side,
  level,
  percentage,
  disabled,
  testId,
  onChange,
}: RedundancyLevelFieldProps) {
  const { t } = useTranslation();
  const cost = redundancyCostMessage(level, percentage);
  return (
    <div className="data-path-redundancy">
      <HTMLSelect
        id={`applicationRules-${side}RedundancyLevel`}
        value={String(level)}
        disabled={disabled}
        options={Object.entries(REDUNDANCY_LEVEL_LABEL_KEYS).map(([value, labelKey]) => ({
          value,
          label: t(labelKey),
        }))}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        data-testid={testId}
      />
      <span className="data-path-redundancy-cost bp6-text-muted" data-testid={TestId.dataPath.redundancyCost(side)}>
        {t(cost.key, cost.values)}
      </span>
    </div>
  );
}
