import {
  ALARM_MAIL_MAX_LISTED,
  catalogueText,
  codeLabel,
  readingPhrase,
  RIGHT_TO_LEFT_LOCALES,
  UTC_ZONE,
  wallTimeOf,
  zoneOffsetLabel,
  type Locale,
} from '@halo/shared';
import type { MailMessage } from './mailer.js';
import { MAIL_CATALOGUE, type AlarmMailFacts } from './mailCatalogue.js';

/** An alarm as a mail names it. */
export interface MailedAlarm {
  readonly deviceName: string;
  /** Where the device is: named in a mail to a user of an environment above it. */
  readonly environmentName?: string;
  readonly attributeType: number;
  readonly severity: number;
  readonly value: string | null;
  readonly lastBreachAt: number;
}

/** Text made safe in HTML (the alarm mails' names and values are the users' data). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A time as the alarm mails write it: to the minute, in the reader's time zone with its offset
 * ('2026-11-23 14:01 (UTC+2)'; issue 39, item 15), or in UTC, said so, for a reader who chose
 * none (their browser's zone is not known to the server).
 */
export function timeOf(epochMs: number, zone: string): string {
  const wall = wallTimeOf(epochMs, zone);
  const text = `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
  return zone === UTC_ZONE ? `${text} UTC` : `${text} (${zoneOffsetLabel(epochMs, zone)})`;
}

/** One alarm as a message names it, in the reader's words: its labels, the user's data and when. */
export interface ListedAlarm {
  readonly severity: string;
  /** The attribute's reading as a sentence says it ('not connected for 12 min'), its value isolated left to right. */
  readonly reading: string;
  readonly device: string;
  /** The device's environment, when it is not the reader's own. */
  readonly environment?: string | undefined;
  readonly when: string;
}

/** An alarm's attribute and last value in `locale`'s words ('temperature 91 °C', 'לא מחובר כבר 12 דק׳'). */
export const alarmReadingText = (locale: Locale, attributeType: number, value: string | null): string =>
  readingPhrase(catalogueText(locale), attributeType, value) ?? codeLabel(locale, 'attribute', attributeType);

/** The device's environment for a reader of `readerEnvironment`: named only when it is another. */
export const otherEnvironment = (deviceEnvironment: string | undefined, readerEnvironment: string) =>
  deviceEnvironment === undefined || deviceEnvironment === readerEnvironment ? undefined : deviceEnvironment;

/**
 * The alarms a message names, as text lines and HTML items (names and values escaped and
 * isolated), with the line for those left out: one form for the alarm mail and the digest.
 */
export function listedAlarmLines(
  listed: readonly ListedAlarm[],
  more: string | null,
): { readonly text: string[]; readonly html: string[] } {
  const text = listed.map(
    (alarm) =>
      `- ${alarm.severity}: ${alarm.device}${alarm.environment ? ` (${alarm.environment})` : ''}, ${alarm.reading} (${alarm.when})`,
  );
  const html = listed.map(
    (alarm) =>
      `<li>${escapeHtml(alarm.severity)}: <bdi>${escapeHtml(alarm.device)}</bdi>${alarm.environment ? ` (<bdi>${escapeHtml(alarm.environment)}</bdi>)` : ''}, ${escapeHtml(alarm.reading)} (<bdi>${escapeHtml(alarm.when)}</bdi>)</li>`,
  );
  if (more !== null) {
    text.push(`- ${more}`);
    html.push(`<li>${escapeHtml(more)}</li>`);
  }
  return { text, html };
}

/**
 * One user's alarm mail, in their language: what is new (or, for a reminder, what is still
 * open), the worst first, at most ALARM_MAIL_MAX_LISTED named, a link to the Alarms screen, and
 * why they get it and how to stop. Names and values are the user's data: escaped in HTML and
 * isolated (<bdi>) so a Latin name keeps its place in a right-to-left line.
 */
export function alarmMail(options: {
  readonly to: string;
  readonly locale: Locale;
  /** The reader's time zone (timeOf). */
  readonly timeZone: string;
  readonly kind: 'update' | 'reminder';
  readonly facts: AlarmMailFacts;
  readonly alarms: readonly MailedAlarm[];
  /** Active alarms reaching the user that a silence keeps out (issue 39, item 2): said, not hidden. */
  readonly silenced?: number;
  readonly link: string;
}): MailMessage {
  const { locale, facts, link } = options;
  const words = MAIL_CATALOGUE[locale].alarms;
  const listed = options.alarms.slice(0, ALARM_MAIL_MAX_LISTED);
  const rest = options.alarms.length - listed.length;
  const lines = listedAlarmLines(
    listed.map((alarm) => ({
      severity: codeLabel(locale, 'severity', alarm.severity),
      reading: alarmReadingText(locale, alarm.attributeType, alarm.value),
      device: alarm.deviceName,
      environment: otherEnvironment(alarm.environmentName, facts.environment),
      when: timeOf(alarm.lastBreachAt, options.timeZone),
    })),
    rest > 0 ? words.more(rest) : null,
  );
  const lead = options.kind === 'update' ? words.news(facts) : words.reminder(facts);
  const silenced = options.silenced ? words.silenced(options.silenced) : null;
  const text = [
    words.greeting(facts),
    '',
    lead,
    '',
    ...lines.text,
    '',
    ...(silenced ? [silenced, ''] : []),
    `${words.open} ${link}`,
    '',
    words.why(facts),
    '',
  ].join('\n');
  const direction = (RIGHT_TO_LEFT_LOCALES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
  const items = lines.html;
  const html = [
    `<div lang="${locale}" dir="${direction}">`,
    `<p>${escapeHtml(words.greeting(facts))}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<ul>${items.join('')}</ul>`,
    ...(silenced ? [`<p>${escapeHtml(silenced)}</p>`] : []),
    `<p>${escapeHtml(words.open)} <a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(words.why(facts))}</p>`,
    '</div>',
  ].join('');
  return {
    to: options.to,
    subject: options.kind === 'update' ? words.subject(facts) : words.reminderSubject(facts),
    text,
    html,
  };
}
