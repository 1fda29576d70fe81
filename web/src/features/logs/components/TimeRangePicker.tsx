import { Button, ButtonGroup, FormGroup, InputGroup } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  boundFromInput,
  boundInputText,
  rangeInstants,
  TIME_RANGE_CHOICES,
  type TimeRange,
  type TimeRangeChoice,
} from '../logQuery';
import { ltrIsolate } from '../../../lib/i18n';
import { useTimeFormat } from '../../../lib/time-zone';

const CHOICE_LABEL_KEYS: Readonly<Record<TimeRangeChoice, string>> = {
  '15m': 'logs.range.15m',
  '1h': 'logs.range.1h',
  '24h': 'logs.range.24h',
  '7d': 'logs.range.7d',
  custom: 'logs.range.custom',
};

export interface TimeRangePickerProps {
  readonly value: TimeRange;
  readonly onChange: (range: TimeRange) => void;
}

/**
 * The time presets (15 min, 1 h, 24 h, 7 d) and a custom range: days typed as the spec writes
 * date filters (YYYY-MM-DD, UTC days as the API reads them), a time of day optional and read in
 * the reader's zone (named beside the boxes); the range applied is written by the product's one
 * date formatter, like every time on screen.
 */
export function TimeRangePicker({ value, onChange }: TimeRangePickerProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const [from, setFrom] = useState(() => boundInputText(value.from, format.zone));
  const [to, setTo] = useState(() => boundInputText(value.to, format.zone));
  const fromBound = boundFromInput(from, format.zone);
  const toBound = boundFromInput(to, format.zone);
  const applied = rangeInstants(value);
  return (
    <div className="logs-range">
      <ButtonGroup>
        {TIME_RANGE_CHOICES.map((choice) => (
          <Button
            key={choice}
            size="small"
            active={value.choice === choice}
            intent={value.choice === choice ? 'primary' : 'none'}
            aria-pressed={value.choice === choice}
            onClick={() =>
              onChange({ choice, from: choice === 'custom' ? value.from : '', to: choice === 'custom' ? value.to : '' })
            }
            data-testid={TestId.logs.range(choice)}
          >
            {t(CHOICE_LABEL_KEYS[choice])}
          </Button>
        ))}
      </ButtonGroup>
      {value.choice === 'custom' && (
        <form
          className="logs-range-custom"
          onSubmit={(event) => {
            event.preventDefault();
            if (fromBound !== null && toBound !== null) onChange({ choice: 'custom', from: fromBound, to: toBound });
          }}
        >
          <FormGroup inline label={t('logs.range.from')} labelFor="logs-range-from">
            <InputGroup
              id="logs-range-from"
              size="small"
              value={from}
              placeholder={t('logs.range.format')}
              intent={fromBound === null ? 'danger' : 'none'}
              onChange={(event) => setFrom(event.currentTarget.value)}
              dir="ltr"
              data-testid={TestId.logs.customFrom}
            />
          </FormGroup>
          <FormGroup inline label={t('logs.range.to')} labelFor="logs-range-to">
            <InputGroup
              id="logs-range-to"
              size="small"
              value={to}
              placeholder={t('logs.range.format')}
              intent={toBound === null ? 'danger' : 'none'}
              onChange={(event) => setTo(event.currentTarget.value)}
              dir="ltr"
              data-testid={TestId.logs.customTo}
            />
          </FormGroup>
          <span className="bp6-text-muted" data-testid={TestId.logs.customZone}>
            {t('logs.range.zone', { zone: ltrIsolate(format.zoneName()) })}
          </span>
          <Button
            type="submit"
            size="small"
            icon="tick"
            text={t('logs.range.apply')}
            disabled={fromBound === null || toBound === null}
            data-testid={TestId.logs.customApply}
          />
          {(applied.first !== null || applied.last !== null) && (
            <span className="logs-range-applied" data-testid={TestId.logs.customApplied}>
              <bdi dir="ltr">{applied.first === null ? '…' : format.dateTime(applied.first)}</bdi>
              {' – '}
              <bdi dir="ltr">{applied.last === null ? '…' : format.dateTime(applied.last)}</bdi>
            </span>
          )}
        </form>
      )}
    </div>
  );
}
