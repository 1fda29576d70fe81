/**
 * A system log entry told in the reader's language, from what it is (event, attribute type,
 * value, device) rather than from its stored `description`, which stays in English for the
 * API (issue 39, item 14). One composition for every reader: the console passes its i18next
 * `t` (keys under `common.`), the provider's mails the catalogue of the recipient's locale.
 */
import type { Locale } from '../constants/constants.js';
import { ThresholdAttributeType } from '../constants/enums.js';
import { SystemLogEvent } from '../logs/systemLogEvent.js';
import { THRESHOLD_ATTRIBUTE_NAMES } from '../thresholds/threshold.js';
import { CODE_LABEL_TEXTS, codeName, fillTemplate, SIM_ACTIONS, UNIT_NAMES, type SimAction } from './codeLabels.js';

/** A catalogue text by its key under the code labels ('logSentence.linkUp', 'unit.minutes'), filled with `params`. */
export type CatalogueText = (key: string, params?: Readonly<Record<string, string>>) => string;

/** The code labels' texts of `locale` as a CatalogueText (the provider's; the console has its `t`). */
export function catalogueText(locale: Locale): CatalogueText {
  const texts = CODE_LABEL_TEXTS[locale] as unknown as Readonly<Record<string, Readonly<Record<string, string>>>>;
  return (key, params) => {
    const [group = '', name = ''] = key.split('.');
    const template = texts[group]?.[name];
    return template === undefined ? key : fillTemplate(template, params);
  };
}

/** Text kept left to right in any sentence (a number with its unit). */
const leftToRight = (text: string) => `\u2066${text}\u2069`;
/** Text that takes its own direction in any sentence (a device's name). */
const ownDirection = (text: string) => `\u2068${text}\u2069`;

/** A reading as a log entry writes it: a number, then its unit (formatReading). */
const READING = /^(-?\d+(?:\.\d+)?)(?: (.+))?$/;

/** A value with its unit in the reader's words ('12 min' -> '12 דק׳'); a value of another form as it is. */
export function readingValueText(text: CatalogueText, value: string): string {
  const match = READING.exec(value.trim());
  if (!match) return value;
  const [, number = '', unit] = match;
  if (unit === undefined) return number;
  const unitName = (UNIT_NAMES as Readonly<Record<string, string>>)[unit];
  return `${number} ${unitName ? text(`unit.${unitName}`) : unit}`;
}

/**
 * An attribute's reading as a sentence says it ('not connected for 12 min'), the value kept
 * left to right; without a value, the attribute's label. An attribute nobody named: null.
 */
export function readingPhrase(text: CatalogueText, attributeType: number | null, value: string | null): string | null {
  if (attributeType === null) return null;
  const name = (THRESHOLD_ATTRIBUTE_NAMES as Readonly<Record<number, string>>)[attributeType];
  if (name === undefined) return null;
  if (value === null) return text(`attribute.${name}`);
  return text(`reading.${name}`, { value: leftToRight(readingValueText(text, value)) });
}

/** What a sentence about an entry is made of. */
export interface LoggedEvent {
  readonly device_name: string | null;
  readonly device_attribute_type: number | null;
  readonly event_type: string;
  readonly value: string | null;
  /** The stored English sentence: only a SIM event's port is read from it ('… in cellular 2'). */
  readonly description: string;
}

const LINK_ATTRIBUTES: ReadonlySet<number> = new Set([
  ThresholdAttributeType.CELLULAR_PORT_1,
  ThresholdAttributeType.CELLULAR_PORT_2,
  ThresholdAttributeType.CELLULAR_PORT_3,
  ThresholdAttributeType.CELLULAR_PORT_4,
  ThresholdAttributeType.ETHERNET_PORT_1,
  ThresholdAttributeType.ETHERNET_PORT_2,
  ThresholdAttributeType.ETHERNET_PORT_3,
  ThresholdAttributeType.WIFI,
  ThresholdAttributeType.VLAN,
]);

const SIM_PORT = /in cellular (\d+)$/;

/**
 * An entry of the product's own events as a sentence in the reader's words ('dev-7: not
 * connected for 12 min, critical'; without the device's name where the screen shows it beside
 * the sentence); null for one it cannot tell (an upstream's code, no device), which is shown by
 * its stored description.
 */
export function logSentence(text: CatalogueText, entry: LoggedEvent, withDevice = true): string | null {
  if (entry.device_name === null) return null;
  const what = eventSentence(text, entry);
  if (what === null || !withDevice) return what;
  return text('logSentence.ofDevice', { device: ownDirection(entry.device_name), what });
}

function eventSentence(text: CatalogueText, entry: LoggedEvent): string | null {
  const event = codeName('systemEvent', entry.event_type);
  if (event === null) return null;
  switch (entry.event_type as SystemLogEvent) {
    case SystemLogEvent.LINK_UP:
    case SystemLogEvent.LINK_DOWN: {
      const type = entry.device_attribute_type;
      if (type === null || !LINK_ATTRIBUTES.has(type)) return null;
      const link = readingPhrase(text, type, null);
      return link === null ? null : text(`logSentence.${event}`, { link });
    }
    case SystemLogEvent.SIM_EVENT: {
      if (!(SIM_ACTIONS as readonly string[]).includes(entry.value ?? '')) return null;
      const action = text(`simAction.${entry.value as SimAction}`);
      const port = SIM_PORT.exec(entry.description)?.[1];
      return port === undefined
        ? text('logSentence.simEvent', { action })
        : text('logSentence.simEventAt', { action, port });
    }
    case SystemLogEvent.THRESHOLD_MINOR:
    case SystemLogEvent.THRESHOLD_MAJOR:
    case SystemLogEvent.THRESHOLD_CRITICAL:
    case SystemLogEvent.BACK_TO_SAFETY: {
      const reading = readingPhrase(text, entry.device_attribute_type, entry.value);
      return reading === null ? null : text(`logSentence.${event}`, { reading });
    }
    default:
      return text(`logSentence.${event}`);
  }
}
