#!/usr/bin/env node
/** Prints the mail the provider wrote to its outbox (no SMTP_URL): `npm run outbox`. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { outboxDir } from '../mail/mailer.js';

const directory = outboxDir(resolve(process.env.HALO_DATA_DIR || './data'));
let names: string[] = [];
try {
  names = readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort();
} catch {
  // no outbox yet
}
if (names.length === 0) {
  console.log(`No mail in ${directory}.`);
} else {
  for (const name of names) {
    const message = JSON.parse(readFileSync(join(directory, name), 'utf8')) as Record<string, string>;
    console.log(
      `--- ${name}\nDate: ${message.date}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`,
    );
  }
}
