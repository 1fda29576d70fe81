import { describe, expect, it } from 'vitest';
import { ThresholdAttributeType } from '../constants/enums.js';
import { SystemLogEvent } from '../logs/systemLogEvent.js';
import { catalogueText, logSentence, readingPhrase, type LoggedEvent } from './logSentence.js';

const plain = (text: string | null) => text?.replace(/[\u2066-\u2069]/g, '') ?? null;
const entry = (overrides: Partial<LoggedEvent>): LoggedEvent => ({
  device_name: 'dev-7',
  device_attribute_type: null,
  event_type: SystemLogEvent.DEVICE_CONNECTED,
  value: null,
  description: 'dev-7: connected',
  ...overrides,
});

describe('logSentence (issue 39, item 14)', () => {
  const he = catalogueText('he-IL');
  const en = catalogueText('en-US');

  it('tells the product’s events in the reader’s language, from what they are', () => {
    const threshold = entry({
      device_attribute_type: ThresholdAttributeType.TEMPERATURE,
      event_type: SystemLogEvent.THRESHOLD_MAJOR,
      value: '77.5 °C',
      description: 'dev-7: temperature 77.5 °C, major',
    });
    expect(plain(logSentence(he, threshold))).toBe('dev-7: טמפרטורה 77.5 °C, חומרה גבוהה');
    expect(plain(logSentence(en, threshold))).toBe('dev-7: temperature 77.5 °C, major');
    const link = entry({ device_attribute_type: ThresholdAttributeType.ETHERNET_PORT_2, event_type: 'link_down' });
    expect(plain(logSentence(he, link))).toBe('dev-7: הקישור יציאת Ethernet 2 נפל');
    const sim = entry({
      device_attribute_type: ThresholdAttributeType.SIM_EVENT,
      event_type: SystemLogEvent.SIM_EVENT,
      value: 'swapped',
      description: 'dev-7: SIM swapped in cellular 2',
    });
    expect(plain(logSentence(he, sim))).toBe('dev-7: כרטיס SIM הוחלף במודם הסלולרי 2');
    expect(plain(logSentence(en, sim))).toBe('dev-7: SIM swapped in cellular 2');
  });

  it('names every event of the product in both languages, no placeholder left', () => {
    for (const text of [he, en])
      for (const event of Object.values(SystemLogEvent)) {
        const sentence = logSentence(
          text,
          entry({
            event_type: event,
            device_attribute_type: ThresholdAttributeType.WIFI,
            value: event === SystemLogEvent.SIM_EVENT ? 'inserted' : '3 min',
          }),
        );
        expect(sentence, event).not.toBeNull();
        expect(sentence, event).not.toMatch(/\{\{|logSentence\.|reading\./);
      }
  });

  it('leaves what it cannot tell to the stored description', () => {
    expect(logSentence(he, entry({ event_type: 'upstream_code' }))).toBeNull();
    expect(logSentence(he, entry({ device_name: null }))).toBeNull();
    expect(readingPhrase(he, 999, '1')).toBeNull();
  });
});
