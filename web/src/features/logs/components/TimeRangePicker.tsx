import { Button, ButtonGroup, FormGroup, InputGroup } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_RANGE_CHOICES, type TimeRange, type TimeRangeChoice } from '../logQuery';

const CHOICE_LABEL_KEYS: Readonly<Record<TimeRangeChoice, string>> = {
  '15m': 'logs.range.15m',
  '1h': 'logs.range.1h',
  '24h': 'logs.range.24h',
  '7d': 'logs.range.7d',
  custom: 'logs.range.custom',
};

/** `2026-11-25T10:15` (a datetime-local input, read as UTC) and back. */
const toInput = (iso: string) => (iso ? iso.slice(0, 16) : '');
const fromInput = (value: string) => (value ? `${value}:00Z` : '');

export interface TimeRangePickerProps {
  readonly value: TimeRange;
  readonly onChange: (range: TimeRange) => void;
}

/** The time presets (15 min, 1 h, 24 h, 7 d) and a custom range, all in UTC like the server clock. */
export function TimeRangePicker({ value, onChange }: TimeRangePickerProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(toInput(value.from));
  const [to, setTo] = useState(toInput(value.to));
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
            onChange({ choice: 'custom', from: fromInput(from), to: fromInput(to) });
          }}
        >
          <FormGroup inline label={t('logs.range.from')} labelFor="logs-range-from">
            <InputGroup
              id="logs-range-from"
              type="datetime-local"
              size="small"
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              dir="ltr"
              data-testid={TestId.logs.customFrom}
            />
          </FormGroup>
          <FormGroup inline label={t('logs.range.to')} labelFor="logs-range-to">
            <InputGroup
              id="logs-range-to"
              type="datetime-local"
              size="small"
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              dir="ltr"
              data-testid={TestId.logs.customTo}
            />
          </FormGroup>
          <span className="bp6-text-muted">{t('logs.range.utc')}</span>
          <Button type="submit" size="small" icon="tick" text={t('logs.range.apply')} />
        </form>
      )}
    </div>
  );
}
