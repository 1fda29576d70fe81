import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './constants/constants.js';
import { ruleCheck } from './validation/zodRules.js';
import {
  ValidationKey,
  isIsoDate,
  validDisplayName,
  validEmail,
  validName,
  validPassword,
  validPort,
} from './validation/rules.js';

/** Building blocks shared by entity schemas: ids, names, e-mails, passwords. */
export const IdSchema = z.number().int().positive();

/** Digits, after a minus where the range takes negatives: no blank, line end, plus, exponent, fraction or hex. */
const WHOLE_NUMBER_TEXT = /^[0-9]+$/;
const SIGNED_WHOLE_NUMBER_TEXT = /^-?[0-9]+$/;

/**
 * A whole number within min-max as a query or a path carries it: text of plain digits (Number()
 * alone reads ' 5', '5\r\n', '0x5' and '' as numbers), or a number where a client builds the query.
 * Every number of a query is parsed by this one rule.
 */
export function wholeNumberParam(min = 0, max = Number.MAX_SAFE_INTEGER) {
  const text = min < 0 ? SIGNED_WHOLE_NUMBER_TEXT : WHOLE_NUMBER_TEXT;
  return z
    .union([z.number(), z.string().regex(text, ValidationKey.INVALID).transform(Number)])
    .pipe(z.number().int().min(min).max(max));
}

export const IdParamSchema = wholeNumberParam(1);

export const NameSchema = z
  .string()
  .max(NAME_MAX_LENGTH, 'validation.maxLength')
  .superRefine(ruleCheck(validName, 'name'));
export const EmailSchema = z
  .string()
  .max(EMAIL_MAX_LENGTH, 'validation.maxLength')
  .superRefine(ruleCheck(validEmail, 'email'));
export const PasswordSchema = z
  .string()
  .max(1024, 'validation.password')
  .superRefine(ruleCheck(validPassword, 'password'));
/**
 * The one rule for free-text names other people are shown (validDisplayName), as a check to
 * put before any trim: a line end is refused, not trimmed away.
 */
export const displayNameCheck = (field = 'name') => ruleCheck(validDisplayName, field);

export const DescriptionSchema = z.string().max(DESCRIPTION_MAX_LENGTH, 'validation.maxLength');
export const TimestampSchema = z.string();

/** The answer of a create call (POST /devices and others): the new row's id. */
export const CreatedResponseSchema = z.object({ id: IdSchema });
export type CreatedResponse = z.infer<typeof CreatedResponseSchema>;

/** An ISO 8601 date-time as the API writes it (UTC, `Z` or an offset). */
export const DateTimeSchema = z.iso.datetime({ offset: true });

/**
 * A number field of an input: a missing value reports `validation.required`, anything that
 * is not a number reports `invalidKey`, so the API names the same rule the form shows.
 */
export function numberInput(invalidKey: ValidationKey = ValidationKey.INVALID) {
  return z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? ValidationKey.REQUIRED : invalidKey),
  });
}

/** A required string input: missing or not a string reports `validation.required`. */
export function stringInput(max: number) {
  return z.string({ error: ValidationKey.REQUIRED }).min(1, ValidationKey.REQUIRED).max(max, ValidationKey.MAX_LENGTH);
}

/** A TCP/UDP port 1-65535 (endpoints, VPN servers); errors carry `validation.portRange`. */
export const PortSchema = numberInput(ValidationKey.PORT_RANGE).superRefine(ruleCheck(validPort, 'port'));

/** A query date filter: YYYY-MM-DD. */
export const IsoDateSchema = z.string().refine(isIsoDate, ValidationKey.DATE);

/**
 * A comma-separated query list (`1,2,3`) parsed into an array of `item`. Empty items are
 * ignored; anything else is the item's to judge as sent (a blank or a line end around a number
 * is refused, not trimmed away); at most `max` items so a query string cannot grow without bound.
 */
export function csvListSchema<T extends z.ZodType>(item: T, max = 1000) {
  return z.preprocess(
    (raw) => (typeof raw === 'string' ? raw.split(',').filter((part) => part.length > 0) : raw),
    z.array(item).max(max, ValidationKey.NOT_EXCEED),
  );
}

/** Numeric query parameters arrive as strings. */
export const QueryIntSchema = wholeNumberParam();
export const QueryIdSchema = IdParamSchema;

/** The most entries a page of a log or of the environment list holds (page_size, inclusive). */
export const PAGE_SIZE_MAX = 1000;

/** Paging of the log and environment lists: object_id is the cursor (last id seen). */
export const PageQueryShape = {
  object_id: QueryIntSchema.optional(),
  page_size: wholeNumberParam(1, PAGE_SIZE_MAX).optional(),
};

/**
 * Compile-time link between an input schema and its entity: the parsed input must fit the
 * entity's fields, so an input schema cannot drift from the shape the API answers.
 */
export type FitsEntity<Input extends Partial<Entity>, Entity> = Input;

/** The text of uploaded bytes, or null for anything that is not UTF-8 text (a binary, a NUL). */
export function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}
