import { LOCALES } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { MAIL_CATALOGUE } from './mailCatalogue.js';
import { accountLinkMail } from './accountLinkMail.js';

const account = { username: 'opsmgr', environment: 'north-ops' };
const mail = accountLinkMail('passwordReset', {
  ...account,
  to: 'noc@example.test',
  link: 'http://console.example.test/reset/abc_DEF-123',
  validMinutes: 60,
});

describe('passwordResetMail', () => {
  it('says in every locale whose password the link sets, and carries the link once', () => {
    for (const locale of LOCALES) {
      const words = MAIL_CATALOGUE[locale].passwordReset;
      expect(mail.text).toContain(words.greeting(account));
      expect(mail.text).toContain(words.request(account));
      expect(mail.text).toContain(words.open(60));
      expect(mail.subject).toContain(words.subject(account));
    }
    expect(mail.text.split('http://console.example.test/reset/abc_DEF-123')).toHaveLength(2);
  });

  it('lays out each locale in its direction and isolates the names in HTML', () => {
    expect(mail.html).toContain('<div lang="he-IL" dir="rtl">');
    expect(mail.html).toContain('<div lang="en-US" dir="ltr">');
    expect(mail.html).toContain('<bdi>north-ops</bdi>');
    expect(mail.html).not.toContain('\u0001');
  });

  it('escapes what it puts in HTML', () => {
    const hostile = accountLinkMail('passwordReset', {
      username: '<b>x</b>',
      environment: '"e"&',
      to: 'a@b.c',
      link: 'http://x/reset/"><script>',
      validMinutes: 60,
    });
    expect(hostile.html).not.toMatch(/<b>|<script>|"e"/);
    expect(hostile.html).toContain('<bdi>&#60;b&#62;x&#60;/b&#62;</bdi>');
  });

  it('asks the new address of an e-mail change to confirm it, in every locale, with the link once', () => {
    const change = accountLinkMail('emailChange', {
      ...account,
      to: 'new@example.test',
      link: 'http://console.example.test/confirm-email/tok_EN-1234567890',
      validMinutes: 60,
    });
    for (const locale of LOCALES) {
      const words = MAIL_CATALOGUE[locale].emailChange;
      expect(change.text).toContain(words.request(account));
      expect(change.subject).toContain(words.subject(account));
      expect(change.text).not.toContain(MAIL_CATALOGUE[locale].passwordReset.request(account));
    }
    expect(change.to).toBe('new@example.test');
    expect(change.text.split('/confirm-email/tok_EN-1234567890')).toHaveLength(2);
  });
});
