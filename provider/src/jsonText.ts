/**
 * JSON (or CSV) text as a string, or as its UTF-8 bytes: what a shaper makes of a large answer
 * in a read worker, moved to the request loop rather than copied, and sent as it is
 * (http/jsonAnswer.ts). Below http/ and store/, so both may use it.
 */
export type JsonText = string | Uint8Array;

/** Text as UTF-8 bytes of their own (so a read worker can move them: workerReadPool.ts). */
export const textBytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');

/** A value's JSON as UTF-8 bytes of their own (textBytes). */
export const jsonBytes = (value: unknown): Uint8Array => textBytes(JSON.stringify(value));
