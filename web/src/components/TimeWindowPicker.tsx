import './timeWindowPicker.css';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { DEVICE_TIMELINE_MAX_WINDOW_MS, TestId, type DeviceTimelineWindow } from '@halo/shared';
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
import { ltrIsolate } from '../lib/i18n';
import { useTimeFormat } from '../lib/time-zone';

const PRESET_LABEL_KEYS: Readonly<Record<DeviceTimelineWindow, string>> = {
  '1h': 'timeWindow.presets.1h',
  '24h': 'timeWindow.presets.24h',
  '7d': 'timeWindow.presets.7d',
};

interface Draft {
  readonly from: string;
  readonly to: string;
}

const draftOf = (window: TimeWindow, zone: string): Draft | null =>
  window.kind === 'custom'
    ? { from: dateTimeInputValue(window.from, zone), to: dateTimeInputValue(window.to, zone) }
    : null;

export interface TimeWindowPickerProps {
  readonly value: TimeWindow;
  readonly onChange: (window: TimeWindow) => void;
  /** More controls on the same line (a "now" button). */
  readonly children?: ReactNode;
}

/**
 * 1 h, 24 h, 7 d or a custom from-to: native date-time inputs read in the reader's zone, like
 * every time the console shows, the zone named beside them (Blueprint's date inputs are not
 * installed), applied once both make a window the API takes (at most 31 days).
 */
export function TimeWindowPicker({ value, onChange, children }: TimeWindowPickerProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const [draft, setDraft] = useState<Draft | null>(() => draftOf(value, format.zone));
  // Another window from outside (the address, going back) shows as it is.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value.kind === 'custom') setDraft(draftOf(value, format.zone));
  }
  const from = draft ? instantOfDateTimeInput(draft.from, format.zone) : null;
  const to = draft ? instantOfDateTimeInput(draft.to, format.zone) : null;
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
            setDraft({
              from: dateTimeInputValue(range.from, format.zone),
              to: dateTimeInputValue(range.to, format.zone),
            });
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
          <span className="bp6-text-muted" data-testid={TestId.timeWindow.zone}>
            {t('timeWindow.zone', { zone: ltrIsolate(format.zoneName()) })}
          </span>
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
              <bdi dir="ltr">{format.dateTime(value.from)}</bdi>
              {' – '}
              <bdi dir="ltr">{format.dateTime(value.to)}</bdi>
            </span>
          )}
        </form>
      )}
      {children}
    </div>
  );
}
