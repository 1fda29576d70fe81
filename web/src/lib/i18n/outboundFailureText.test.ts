import { OUTBOUND_NETWORK_SETTINGS, outboundAddressProblemKey, OutboundPurpose, ValidationKey } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { outboundFailureText } from './outboundFailureText';

const CODES = [
  'addressRefused:loopback',
  'addressRefused:linkLocal',
  'addressRefused:reserved',
  'addressRefused:private',
  'unreachable',
  'timedOut',
  'tlsFailed',
  'refusedStatus:503',
  'redirected:302',
  'badAnswer',
];

describe('outboundFailureText', () => {
  it('says why a call failed in en-US, with the status or the rule', () => {
    const { t } = createI18n('en-US');
    expect(outboundFailureText(t, 'refusedStatus:503')).toBe('refused with HTTP status 503');
    expect(outboundFailureText(t, 'timedOut')).toBe('no answer in time');
    expect(outboundFailureText(t, 'addressRefused:loopback')).toBe(
      'address not allowed: a loopback address, never called',
    );
  });

  it.each(['en-US', 'he-IL'] as const)(
    'has a text for every reason in %s, with no key or placeholder left',
    (locale) => {
      const { t } = createI18n(locale);
      for (const code of CODES) {
        const text = outboundFailureText(t, code);
        expect(text, code).toBeTruthy();
        expect(text, code).not.toMatch(/outbound\.|\{\{|undefined/);
      }
    },
  );

  it('shows nothing for text that is not a reason code (it is never shown raw)', () => {
    const { t } = createI18n('en-US');
    expect(outboundFailureText(t, 'DNS lookup 127.0.0.1(family:4, host:vm) is not allowed')).toBeNull();
    expect(outboundFailureText(t, null)).toBeNull();
  });
});

describe('a refused outbound address', () => {
  it.each(['en-US', 'he-IL'] as const)('names the setting that allows a private one, in %s', (locale) => {
    const { t } = createI18n(locale);
    for (const purpose of Object.values(OutboundPurpose)) {
      expect(t(outboundAddressProblemKey('private', purpose), { 0: 'URL' })).toContain(
        OUTBOUND_NETWORK_SETTINGS[purpose],
      );
    }
    expect(t(ValidationKey.ADDRESS_LOOPBACK, { 0: 'URL' })).toMatch(/^URL /);
  });
});
