import './timeWindowPicker.css';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { DEVICE_TIMELINE_MAX_WINDOW_MS, formatServerClock, TestId, type DeviceTimelineWindow } from '@halo/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateTimeInputValue,
  instantOfDateTimeInput,
  isValidRange,
  TIME_WINDOW_PRESETS,
  timeWindowRange,
  type TimeWindow,
} from '../lib/time-window';

const PRESET_LABEL_KEYS: Readonly<Record<DeviceTimelineWindow, string>> = {
  '1h': 'timeWindow.presets.1h',
  '24h': 'timeWindow.presets.24h',
  '7d': 'timeWindow.presets.7d',
};

interface Draft {
  readonly from: string;
  readonly to: string;
}

const draftOf = (window: TimeWindow): Draft | null =>
  window.kind === 'custom' ? { from: dateTimeInputValue(window.from), to: dateTimeInputValue(window.to) } : null;

export interface TimeWindowPickerProps {
  readonly value: TimeWindow;
  readonly onChange: (window: TimeWindow) => void;
  /** More controls on the same line (a "now" button). */
  readonly children?: ReactNode;
}

/**
 * 1 h, 24 h, 7 d or a custom from-to: native date-time inputs in UTC, like every time the console
 * shows (Blueprint's date inputs are not installed), applied once both make a window the API
 * takes (at most 31 days).
 */
export function TimeWindowPicker({ value, onChange, children }: TimeWindowPickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft | null>(() => draftOf(value));
  // Another window from outside (the address, going back) shows as it is.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value.kind === 'custom') setDraft(draftOf(value));
  }
  const from = draft ? instantOfDateTimeInput(draft.from) : null;
  const to = draft ? instantOfDateTimeInput(draft.to) : null;
  const valid = from !== null && to !== null && isValidRange(from, to);
  const customActive = draft !== null;

  return (
    <div className="time-window">
      <ButtonGroup>
        {TIME_WINDOW_PRESETS.map((preset) => {
          const active = !customActive && value.kind === 'preset' && value.preset === preset;
          return (
            <Button
              key={preset}
              size="small"
              active={active}
              intent={active ? 'primary' : 'none'}
              aria-pressed={active}
              text={t(PRESET_LABEL_KEYS[preset])}
              onClick={() => {
                setDraft(null);
                onChange({ kind: 'preset', preset });
              }}
              data-testid={TestId.timeWindow.choice(preset)}
            />
          );
        })}
        <Button
          size="small"
          active={customActive}
          intent={customActive ? 'primary' : 'none'}
          aria-pressed={customActive}
          text={t('timeWindow.presets.custom')}
          onClick={() => {
            if (customActive) return;
            const range = timeWindowRange(value, Date.now());
            setDraft({ from: dateTimeInputValue(range.from), to: dateTimeInputValue(range.to) });
          }}
          data-testid={TestId.timeWindow.choice('custom')}
        />
      </ButtonGroup>
      {draft && (
        <form
          className="time-window-custom"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) onChange({ kind: 'custom', from, to });
          }}
        >
          <label className="time-window-field">
            <span>{t('timeWindow.from')}</span>
            <input
              type="datetime-local"
              className={`bp6-input bp6-small ${from === null || !valid ? 'bp6-intent-danger' : ''}`}
              value={draft.from}
              dir="ltr"
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              data-testid={TestId.timeWindow.from}
            />
          </label>
          <label className="time-window-field">
            <span>{t('timeWindow.to')}</span>
            <input
              type="datetime-local"
              className={`bp6-input bp6-small ${to === null || !valid ? 'bp6-intent-danger' : ''}`}
              value={draft.to}
              dir="ltr"
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
              data-testid={TestId.timeWindow.to}
            />
          </label>
          <span className="bp6-text-muted">{t('timeWindow.utc')}</span>
          <Button
            type="submit"
            size="small"
            icon="tick"
            text={t('timeWindow.apply')}
            disabled={!valid}
            data-testid={TestId.timeWindow.apply}
          />
          {!valid && (
            <span className="time-window-invalid" role="alert">
              {t('timeWindow.invalid', { days: DEVICE_TIMELINE_MAX_WINDOW_MS / 86_400_000 })}
            </span>
          )}
          {value.kind === 'custom' && (
            <span className="time-window-applied bp6-text-muted" data-testid={TestId.timeWindow.applied}>
              <bdi dir="ltr">{formatServerClock(value.from)}</bdi>
              {' – '}
              <bdi dir="ltr">{formatServerClock(value.to)}</bdi>
            </span>
          )}
        </form>
      )}
      {children}
    </div>
  );
}
