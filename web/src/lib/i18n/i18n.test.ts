import { ERROR_CATALOGUE, HTTP_ERROR_MESSAGE_KEYS, LOCALE_STORAGE_KEY, ValidationKey } from '@halo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLocale, createI18n, storedLocale } from './i18n';
import { enUS } from './locales/enUS';
import { heIL } from './locales/heIL';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Dotted keys of a nested message object, plural forms folded into their base key. */
function keysOf(messages: object, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      expect(value.trim(), path).not.toBe('');
      keys.add(path.replace(PLURAL_SUFFIX, ''));
    } else {
      for (const nested of keysOf(value as object, path)) keys.add(nested);
    }
  }
  return keys;
}

const sharedMessageKeys = [
  ...Object.values(ERROR_CATALOGUE)
    .map((entry) => [entry.messageKey, ...Object.values(entry.variants ?? {}).map((variant) => variant.messageKey)])
    .flat(),
  ...Object.values(ERROR_CATALOGUE).flatMap((entry) =>
    entry.detail === undefined ? [] : 'key' in entry.detail ? [entry.detail.key] : entry.detail.map(({ key }) => key),
  ),
  ...Object.values(HTTP_ERROR_MESSAGE_KEYS),
  ...Object.values(ValidationKey),
];

describe('i18n', () => {
  afterEach(() => window.localStorage.clear());

  it('he-IL has a text for every en-US key, and nothing en-US lacks', () => {
    const english = keysOf(enUS);
    const hebrew = keysOf(heIL);
    expect([...english].filter((key) => !hebrew.has(key))).toEqual([]);
    expect([...hebrew].filter((key) => !english.has(key))).toEqual([]);
  });

  it.each(sharedMessageKeys)('the shared message key %s has an en-US and a he-IL text', (key) => {
    const english = createI18n('en-US');
    const hebrew = createI18n('he-IL');
    expect(english.exists(key, { lng: 'en-US', fallbackLng: false })).toBe(true);
    expect(hebrew.exists(key, { lng: 'he-IL', fallbackLng: false })).toBe(true);
  });

  it('uses the spec wording for the messages people meet first', () => {
    const t = createI18n('en-US').t;
    expect(t('errors.missingValues')).toBe('Required fields missing');
    expect(t('errors.invalidResetToken')).toBe('Invalid or Expired password reset token used');
    expect(t('errors.twoFactorInvalidOtp')).toBe('Invalid OTP');
    expect(t('errors.incorrectCredentialsAttempts', { count: 2 })).toBe(
      'Incorrect username or password, 2 attempts left',
    );
    expect(t('errors.incorrectCredentialsAttempts', { count: 1 })).toBe(
      'Incorrect username or password, 1 attempt left',
    );
    expect(t('validation.portRange', { 0: 1024, 1: 49151 })).toBe('Port value must be between 1024 and 49151');
  });

  it('reads the language from localStorage lang, defaulting to en-US, and lays he-IL out right to left', () => {
    expect(storedLocale()).toBe('en-US');
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'xx-YY');
    expect(storedLocale()).toBe('en-US');
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'he-IL');
    expect(storedLocale()).toBe('he-IL');
    const hebrew = createI18n();
    expect(hebrew.language).toBe('he-IL');
    applyDocumentLocale(hebrew.language);
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(document.documentElement.getAttribute('lang')).toBe('he-IL');
    applyDocumentLocale('en-US');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
  });
});
