import { describe, expect, it } from 'vitest';
import { Severity, ThresholdAttributeType } from '@halo/shared';
import { alarmMail, type MailedAlarm } from './alarmMail.js';
import { alarmDigestMail } from './alarmDigestMail.js';

const facts = { username: 'noa', environment: 'root', count: 2, open: 2, severity: 'Minor' };
const alarms: MailedAlarm[] = [
  {
    deviceName: 'dev-7',
    attributeType: ThresholdAttributeType.DEVICE_STATE,
    severity: Severity.CRITICAL,
    value: '12 min',
    lastBreachAt: Date.UTC(2026, 10, 23, 12, 1),
  },
  {
    deviceName: 'dev-8',
    attributeType: ThresholdAttributeType.SIM_EVENT,
    severity: Severity.MINOR,
    value: '3 events/h',
    lastBreachAt: Date.UTC(2026, 10, 23, 12, 2),
  },
];
const mail = (locale: 'en-US' | 'he-IL', timeZone = 'UTC') =>
  alarmMail({
    to: 'noa@example.test',
    locale,
    timeZone,
    kind: 'update',
    facts,
    alarms,
    link: 'http://console.example.test/',
  });
/** The listed lines, with the left-to-right isolates around the readings taken out. */
const listed = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.replace(/[\u2066-\u2069]/g, ''));

describe('alarm mail (issue 39, item 14)', () => {
  it('tells a he-IL reader what each alarm is in Hebrew, units too', () => {
    const message = mail('he-IL');
    expect(listed(message.text)).toEqual([
      '- קריטית: dev-7, לא מחובר כבר 12 דק׳ (2026-11-23 12:01 UTC)',
      '- נמוכה: dev-8, אירועי SIM בשעה האחרונה: 3 אירועים/שעה (2026-11-23 12:02 UTC)',
    ]);
    // The reading keeps its order in a right-to-left line.
    expect(message.html).toContain('לא מחובר כבר \u206612 דק׳\u2069');
  });

  it('tells an en-US reader the same in English', () => {
    expect(listed(mail('en-US').text)).toEqual([
      '- Critical: dev-7, not connected for 12 min (2026-11-23 12:01 UTC)',
      '- Minor: dev-8, SIM events in the last hour 3 events/h (2026-11-23 12:02 UTC)',
    ]);
  });

  it('writes its times in the reader’s zone, with the offset (issue 39, item 15)', () => {
    expect(listed(mail('en-US', 'Asia/Jerusalem').text)).toEqual([
      '- Critical: dev-7, not connected for 12 min (2026-11-23 14:01 (UTC+2))',
      '- Minor: dev-8, SIM events in the last hour 3 events/h (2026-11-23 14:02 (UTC+2))',
    ]);
    expect(listed(mail('en-US', 'America/New_York').text)[0]).toContain('(2026-11-23 07:01 (UTC-5))');
  });

  it('the digest names its alarms the same way, in the reader’s zone', () => {
    const digest = alarmDigestMail({
      to: 'noa@example.test',
      locale: 'he-IL',
      timeZone: 'Asia/Kolkata',
      facts: { username: 'noa', environment: 'root', open: 1, unacknowledged: 1, severity: 'נמוכה' },
      counts: [{ severity: Severity.CRITICAL, open: 1, unacknowledged: 1 }],
      alarms: [{ ...alarms[0]!, openedAt: Date.UTC(2026, 10, 23, 12, 1), acknowledged: false }],
      silenced: 0,
      link: 'http://console.example.test/',
    });
    expect(listed(digest.text).join('\n')).toContain('dev-7, לא מחובר כבר 12 דק׳');
    expect(listed(digest.text).join('\n')).toContain('2026-11-23 17:31 (UTC+5:30)');
  });
});
