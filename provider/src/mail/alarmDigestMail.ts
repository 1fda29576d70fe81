import { codeLabel, RIGHT_TO_LEFT_LOCALES, type Locale } from '@halo/shared';
import { alarmReadingText, escapeHtml, listedAlarmLines, otherEnvironment, timeOf } from './alarmMail.js';
import type { MailMessage } from './mailer.js';
import { MAIL_CATALOGUE, type AlarmDigestFacts } from './mailCatalogue.js';

/** Alarms a digest names at most: the worst and oldest, the rest are counted. */
export const ALARM_DIGEST_MAX_LISTED = 10;

/** An open alarm as the digest names it. */
export interface DigestedAlarm {
  readonly deviceName: string;
  /** Where the device is: named in a digest to a user of an environment above it. */
  readonly environmentName?: string;
  readonly attributeType: number;
  readonly severity: number;
  readonly value: string | null;
  readonly openedAt: number;
  readonly acknowledged: boolean;
}

/** One severity's counts, worst first. */
export interface DigestCount {
  readonly severity: number;
  readonly open: number;
  readonly unacknowledged: number;
}

/**
 * One user's daily alarm digest, in their language: the open alarms that reach them counted by
 * severity (acknowledged or not), the worst and oldest named, how many silenced ones were left
 * out, a link to the Alarms screen, and why they get it. Names and values are the user's data:
 * escaped in HTML and isolated (<bdi>), as in the alarm mail.
 */
export function alarmDigestMail(options: {
  readonly to: string;
  readonly locale: Locale;
  /** The reader's time zone (timeOf). */
  readonly timeZone: string;
  readonly facts: AlarmDigestFacts;
  readonly counts: readonly DigestCount[];
  /** Worst first, then the oldest first. */
  readonly alarms: readonly DigestedAlarm[];
  readonly silenced: number;
  readonly link: string;
}): MailMessage {
  const { locale, facts, link } = options;
  const words = MAIL_CATALOGUE[locale].digest;
  const counts = options.counts.map((count) =>
    words.count({ ...count, severity: codeLabel(locale, 'severity', count.severity) }),
  );
  const listed = options.alarms.slice(0, ALARM_DIGEST_MAX_LISTED);
  const rest = options.alarms.length - listed.length;
  const lines = listedAlarmLines(
    listed.map((alarm) => ({
      severity: codeLabel(locale, 'severity', alarm.severity),
      reading: alarmReadingText(locale, alarm.attributeType, alarm.value),
      device: alarm.deviceName,
      environment: otherEnvironment(alarm.environmentName, facts.environment),
      when: words.since(timeOf(alarm.openedAt, options.timeZone), alarm.acknowledged),
    })),
    rest > 0 ? words.more(rest) : null,
  );
  const silenced = options.silenced > 0 ? [words.silenced(options.silenced)] : [];
  const text = [
    words.greeting(facts),
    '',
    words.summary(facts),
    '',
    ...counts.map((line) => `- ${line}`),
    '',
    words.worst,
    ...lines.text,
    '',
    ...silenced.flatMap((line) => [line, '']),
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
    `<p>${escapeHtml(words.summary(facts))}</p>`,
    `<ul>${counts.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(words.worst)}</p>`,
    `<ul>${items.join('')}</ul>`,
    ...silenced.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(words.open)} <a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(words.why(facts))}</p>`,
    '</div>',
  ].join('');
  return { to: options.to, subject: words.subject(facts), text, html };
}
