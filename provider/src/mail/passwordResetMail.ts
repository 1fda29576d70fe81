import type { MailMessage } from './mailer.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function passwordResetMail(options: {
  to: string;
  username: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const { to, username, link, validMinutes } = options;
  return {
    to,
    subject: 'Halo Console: reset your password',
    text:
      `Hello ${username},\n\nSomeone asked to reset the password of your Halo Console account.\n` +
      `Open this link within ${validMinutes} minutes to choose a new password:\n\n${link}\n\n` +
      `If it was not you, ignore this message; your password stays as it is.\n`,
    html:
      `<p>Hello ${escapeHtml(username)},</p><p>Someone asked to reset the password of your Halo Console account.</p>` +
      `<p>Open this link within ${validMinutes} minutes to choose a new password:</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>If it was not you, ignore this message; your password stays as it is.</p>`,
  };
}
