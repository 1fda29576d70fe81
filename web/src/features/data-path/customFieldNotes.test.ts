import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { customFieldNotes, customRule, customUsage } from './customFieldNotes';

const row = (key_name: string, key_value = '') => ({ key_name, key_value });

describe('customFieldNotes', () => {
  it('marks each row by the shared rules: off the list, named twice, a value its key does not take, a conflict', () => {
    expect(
      customFieldNotes([
        row('genkey', 'secret /tmp/x'),
        row(' ping ', '10'),
        row('ping', '20'),
        row('verb', '"4"'),
        row('keepalive', '10 60'),
        row('', ''),
        row('mute', '20'),
      ]),
    ).toEqual([
      { kind: 'notAllowed', key: 'genkey' },
      { kind: 'duplicate', key: 'ping' },
      { kind: 'duplicate', key: 'ping' },
      { kind: 'value', key: 'verb' },
      { kind: 'conflict', key: 'keepalive', others: ['ping'] },
      null,
      null,
    ]);
  });

  it('has nothing to say about rows OpenVPN reads as meant', () => {
    expect(customFieldNotes([row('verb', '4'), row('auth-nocache'), row('resolv-retry', 'infinite')])).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('customUsage', () => {
  it('writes the arguments in OpenVPN’s notation with the units translated', () => {
    const english = createI18n('en-US').t;
    expect(customUsage(english, 'ping')).toBe('ping <0–86400 seconds>');
    expect(customUsage(english, 'connect-retry')).toBe('connect-retry <0–86400 seconds> [<0–86400 seconds>]');
    expect(customUsage(english, 'resolv-retry')).toBe('resolv-retry <0–86400 seconds> | infinite');
    expect(customUsage(english, 'auth-retry')).toBe('auth-retry none | nointeract');
    expect(customUsage(english, 'auth-nocache')).toBeNull();
    expect(customRule(english, 'keepalive')).toBe('the second number at least twice the first');
    const hebrew = createI18n('he-IL').t;
    expect(customUsage(hebrew, 'ping')).toBe('ping <0–86400 שניות>');
  });
});
