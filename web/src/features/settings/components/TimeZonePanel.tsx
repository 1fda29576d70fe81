import { FormGroup, H4, MenuItem } from '@blueprintjs/core';
import { Suggest, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import {
  API,
  currentTimeZoneName,
  formerTimeZoneNames,
  platformTimeZone,
  sameTimeZone,
  selectableTimeZones,
  TestId,
  zoneOffsetLabel,
} from '@halo/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, useSubmission } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSessionActor, useSessionSelector } from '../../../lib/session';
import { ltrIsolate } from '../../../lib/i18n';
import { timeFormatOf } from '../../../lib/time-zone';
import { FormSubmit } from './FormSubmit';

/** A choice: an IANA zone, or BROWSER for "the browser's" (null in the API; Suggest takes null for no choice). */
type ZoneChoice = string;
const BROWSER = '';

/** A saved zone as the list names it: 'Asia/Calcutta' saved through the API is 'Asia/Kolkata' here. */
const choiceOf = (timeZone: string | null): ZoneChoice => (timeZone === null ? BROWSER : currentTimeZoneName(timeZone));
const timeZoneOf = (choice: ZoneChoice): string | null => (choice === BROWSER ? null : choice);

/**
 * What a zone's name is searched by: 'Asia/Jerusalem' is found by 'jerus', 'asia je' and 'utc+2';
 * 'Asia/Kolkata' by 'calcutta' too, its former name.
 */
const searchText = (zone: ZoneChoice, browserZone: string, now: number) => {
  const named = zone === BROWSER ? browserZone : zone;
  const names = [named, ...formerTimeZoneNames(named)];
  return `${names.join(' ')} ${names.map((name) => name.replaceAll('_', ' ')).join(' ')} ${zoneOffsetLabel(now, named)}`.toLowerCase();
};

/**
 * The zone the user reads and enters times in (issue 39, item 15): their browser's unless they
 * choose another, found by typing part of its name (or its offset) and picked with the arrow
 * keys and Enter. Saved to their account, so it follows them to another browser (except "the
 * browser's", which is each browser's own).
 */
export function TimeZonePanel() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const saved = useSessionSelector((snapshot) => choiceOf(snapshot.context.session?.time_zone ?? null));
  const [draft, setDraft] = useState<ZoneChoice | undefined>(undefined);
  const { busy: saving, error: saveError, setError: setSaveError, submit } = useSubmission();

  const browserZone = platformTimeZone();
  // The moment the panel opened: the offsets it names and its example time.
  const [now] = useState(Date.now);
  const choices = useMemo<ZoneChoice[]>(() => [BROWSER, ...selectableTimeZones()], []);
  const choice = draft === undefined ? saved : draft;
  const shownIn = timeZoneOf(choice) ?? browserZone;
  const labelOf = (zone: ZoneChoice) =>
    zone === BROWSER
      ? t('settings.timeZone.browser', { zone: browserZone })
      : t('settings.timeZone.zone', { zone: zone.replaceAll('_', ' '), offset: zoneOffsetLabel(now, zone) });

  const matches: ItemPredicate<ZoneChoice> = (query, zone) => {
    const words = query.trim().toLowerCase().split(/\s+/);
    const text = `${searchText(zone, browserZone, now)} ${zone === BROWSER ? t('settings.timeZone.browserWord').toLowerCase() : ''}`;
    return words.every((word) => text.includes(word));
  };
  const renderItem: ItemRenderer<ZoneChoice> = (zone, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={zone || 'browser'}
        ref={ref}
        text={zone === BROWSER ? t('settings.timeZone.browserShort') : zone.replaceAll('_', ' ')}
        label={zoneOffsetLabel(now, timeZoneOf(zone) ?? browserZone)}
        roleStructure="listoption"
        selected={zone === choice}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
        data-testid={TestId.settings.timeZoneOption(zone)}
      />
    ) : null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === undefined || saving) return;
    submit(
      (signal) => api.call(API.preferences.update, { body: { time_zone: timeZoneOf(draft) } }, { signal }),
      (answer) => {
        setDraft(undefined);
        session.send({ type: 'session.timeZoneChanged', timeZone: answer.time_zone });
        notifySuccess(t('settings.timeZone.saved'));
      },
    );
  };

  return (
    <div className="time-zone-panel">
      <H4>{t('settings.timeZone.title')}</H4>
      <p>{t('settings.timeZone.intro')}</p>
      <form onSubmit={save}>
        <FormGroup
          label={t('settings.timeZone.label')}
          labelFor="settings-time-zone"
          helperText={t('settings.timeZone.help')}
        >
          <Suggest<ZoneChoice>
            fill
            items={choices}
            selectedItem={choice}
            itemPredicate={matches}
            itemRenderer={renderItem}
            inputValueRenderer={labelOf}
            itemsEqual={(a, b) => a === b || (a !== BROWSER && b !== BROWSER && sameTimeZone(a, b))}
            onItemSelect={(zone) => {
              setDraft(zone === saved ? undefined : zone);
              setSaveError(null);
            }}
            noResults={<MenuItem disabled roleStructure="listoption" text={t('settings.timeZone.noMatch')} />}
            resetOnClose
            disabled={saving}
            popoverProps={{ minimal: true, matchTargetWidth: true }}
            inputProps={
              {
                id: 'settings-time-zone',
                placeholder: t('settings.timeZone.search'),
                'data-testid': TestId.settings.timeZoneInput,
              } as object
            }
          />
        </FormGroup>
        <p className="bp6-text-muted" data-testid={TestId.settings.timeZoneExample}>
          {t('settings.timeZone.example', { time: ltrIsolate(timeFormatOf(shownIn).dateTime(now)) })}
        </p>
        <FormSubmit
          error={saveError}
          errorTestId={TestId.settings.timeZoneError}
          intent="primary"
          icon="floppy-disk"
          busy={saving}
          disabled={draft === undefined}
          text={t('settings.timeZone.save')}
          testId={TestId.settings.timeZoneSave}
        />
      </form>
    </div>
  );
}
