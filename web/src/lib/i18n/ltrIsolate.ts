/** Unicode's left-to-right isolate and its end (LRI, PDI). */
const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A left-to-right value (a timestamp 'D MMM, YYYY HH:mm:ss (UTC)', an address) set apart from
 * the sentence it is put in, so a right-to-left sentence cannot reorder its parts ("Nov, 2026
 * 11:56:05 (UTC) 26"). For a value in an element of its own, `dir="ltr"` on the element does it.
 */
export function ltrIsolate(text: string): string {
  return `${LEFT_TO_RIGHT_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** Unicode's first-strong isolate (FSI): the value takes the direction of its own first letter. */
const FIRST_STRONG_ISOLATE = '\u2068';

/**
 * A value of either direction (a name, a reason someone typed) set apart from the sentence it is
 * put in: a Hebrew reason in an English sentence, or a Latin device name in a Hebrew one, keeps
 * its own order and does not reorder the words around it.
 */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
