import { ALARM_MAIL_MAX_LISTED, codeLabel, RIGHT_TO_LEFT_LOCALES, type Locale } from '@halo/shared';
import type { MailMessage } from './mailer.js';
import { MAIL_CATALOGUE, type AlarmMailFacts } from './mailCatalogue.js';

/** An alarm as a mail names it. */
export interface MailedAlarm {
  readonly deviceName: string;
  readonly attributeType: number;
  readonly severity: number;
  readonly value: string | null;
  readonly lastBreachAt: number;
}

/** Text made safe in HTML (the alarm mails' names and values are the users' data). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A time as the alarm mails write it: to the minute, in UTC (the reader's zone is not known). */
export const timeOf = (epochMs: number) => `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * One user's alarm mail, in their language: what is new (or, for a reminder, what is still
 * open), the worst first, at most ALARM_MAIL_MAX_LISTED named, a link to the Alarms screen, and
 * why they get it and how to stop. Names and values are the user's data: escaped in HTML and
 * isolated (<bdi>) so a Latin name keeps its place in a right-to-left line.
 */
export function alarmMail(options: {
  readonly to: string;
  readonly locale: Locale;
  readonly kind: 'update' | 'reminder';
  readonly facts: AlarmMailFacts;
  readonly alarms: readonly MailedAlarm[];
  readonly link: string;
}): MailMessage {
  const { locale, facts, link } = options;
  const words = MAIL_CATALOGUE[locale].alarms;
  const listed = options.alarms.slice(0, ALARM_MAIL_MAX_LISTED);
  const rest = options.alarms.length - listed.length;
  const parts = (alarm: MailedAlarm) => ({
    severity: codeLabel(locale, 'severity', alarm.severity),
    attribute: codeLabel(locale, 'attribute', alarm.attributeType),
    device: alarm.deviceName,
    value: alarm.value ?? '',
    time: timeOf(alarm.lastBreachAt),
  });
  const lead = options.kind === 'update' ? words.news(facts) : words.reminder(facts);
  const text = [
    words.greeting(facts),
    '',
    lead,
    '',
    ...listed.map((alarm) => {
      const part = parts(alarm);
      return `- ${part.severity}: ${part.device}, ${part.attribute} ${part.value} (${part.time})`;
    }),
    ...(rest > 0 ? [`- ${words.more(rest)}`] : []),
    '',
    `${words.open} ${link}`,
    '',
    words.why(facts),
    '',
  ].join('\n');
  const direction = (RIGHT_TO_LEFT_LOCALES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
  const items = listed.map((alarm) => {
    const part = parts(alarm);
    return `<li>${escapeHtml(part.severity)}: <bdi>${escapeHtml(part.device)}</bdi>, ${escapeHtml(part.attribute)} <bdi>${escapeHtml(part.value)}</bdi> (<bdi>${part.time}</bdi>)</li>`;
  });
  if (rest > 0) items.push(`<li>${escapeHtml(words.more(rest))}</li>`);
  const html = [
    `<div lang="${locale}" dir="${direction}">`,
    `<p>${escapeHtml(words.greeting(facts))}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<ul>${items.join('')}</ul>`,
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
