import { LOCALES, RIGHT_TO_LEFT_LOCALES, type Locale } from '@halo/shared';
import type { MailMessage } from './mailer.js';
import { MAIL_CATALOGUE, type ResetAccount } from './mailCatalogue.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Stand-ins for the names while a sentence is escaped; they cannot occur in a catalogue text. */
const USERNAME_MARK = '\u0001username\u0001';
const ENVIRONMENT_MARK = '\u0001environment\u0001';

/** The mails that carry an account's single-use link. */
type AccountLinkMail = 'passwordReset' | 'emailChange';

/**
 * A mail carrying an account's single-use link: a password reset, or a new e-mail address to
 * confirm. It names the account and its environment, since one address may belong to accounts
 * in several environments (one mail each). The product does not know a person's language (the
 * console keeps it in the browser), so the mail says it in every locale, the default first,
 * and carries the link once.
 */
export function accountLinkMail(
  kind: AccountLinkMail,
  options: ResetAccount & {
    to: string;
    link: string;
    validMinutes: number;
  },
): MailMessage {
  const { to, link, validMinutes } = options;
  const account: ResetAccount = { username: options.username, environment: options.environment };
  const lines = (locale: Locale, names: ResetAccount) => {
    const words = MAIL_CATALOGUE[locale][kind];
    return [words.greeting(names), `${words.request(names)} ${words.open(validMinutes)}`, words.ignore];
  };
  // In HTML the names are isolated (<bdi>) so a Latin name keeps its place in a right-to-left sentence.
  const marked = { username: USERNAME_MARK, environment: ENVIRONMENT_MARK };
  const htmlLine = (line: string) =>
    escapeHtml(line)
      .replaceAll(USERNAME_MARK, `<bdi>${escapeHtml(account.username)}</bdi>`)
      .replaceAll(ENVIRONMENT_MARK, `<bdi>${escapeHtml(account.environment)}</bdi>`);
  const html = LOCALES.map((locale) => {
    const direction = (RIGHT_TO_LEFT_LOCALES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
    const body = lines(locale, marked)
      .map((line) => `<p>${htmlLine(line)}</p>`)
      .join('');
    return `<div lang="${locale}" dir="${direction}">${body}</div>`;
  });
  return {
    to,
    subject: LOCALES.map((locale) => MAIL_CATALOGUE[locale][kind].subject(account)).join(' / '),
    text: `${LOCALES.map((locale) => lines(locale, account).join('\n')).join('\n\n')}\n\n${link}\n`,
    html: `${html.join('<hr>')}<p dir="ltr"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
