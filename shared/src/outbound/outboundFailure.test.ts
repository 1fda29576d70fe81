import { describe, expect, it } from 'vitest';
import { OUTBOUND_NETWORK_SETTINGS, outboundAddressMessage, outboundAddressProblemKey } from './outboundAddress.js';
import {
  outboundFailureCode,
  outboundFailureMessage,
  parseOutboundFailure,
  type OutboundFailure,
} from './outboundFailure.js';

const FAILURES: readonly OutboundFailure[] = [
  { reason: 'addressRefused', rule: 'loopback' },
  { reason: 'addressRefused', rule: 'linkLocal' },
  { reason: 'addressRefused', rule: 'reserved' },
  { reason: 'addressRefused', rule: 'private' },
  { reason: 'unreachable' },
  { reason: 'timedOut' },
  { reason: 'tlsFailed' },
  { reason: 'badAnswer' },
  { reason: 'refusedStatus', status: 503 },
  { reason: 'redirected', status: 302 },
];

describe('outbound failure codes', () => {
  it.each(FAILURES)('encode and parse back: %j', (failure) => {
    expect(parseOutboundFailure(outboundFailureCode(failure))).toEqual(failure);
    expect(outboundFailureMessage(failure)).toMatch(/^the service/);
  });

  it.each([
    'DNS lookup 127.0.0.1(family:4, host:vm) is not allowed',
    'timedOut:1',
    'refusedStatus',
    'refusedStatus:50',
    'refusedStatus:503:1',
    'addressRefused:public',
    '__proto__',
    'constructor',
    '',
    null,
  ])('refuse anything else: %j', (code) => {
    expect(parseOutboundFailure(code)).toBeNull();
  });
});

describe('refused outbound addresses', () => {
  it('name the rule, and for a private address the setting of the purpose', () => {
    expect(outboundAddressProblemKey('loopback', 'satcomTarget')).toBe('validation.addressLoopback');
    expect(outboundAddressProblemKey('private', 'satcomTarget')).toBe('validation.satcomAddressPrivate');
    expect(outboundAddressProblemKey('private', 'caService')).toBe('validation.caAddressPrivate');
    expect(outboundAddressMessage('private', 'caService', '10.0.0.9')).toContain(OUTBOUND_NETWORK_SETTINGS.caService);
    expect(outboundAddressMessage('linkLocal', 'caService', '169.254.169.254')).toMatch(/no setting allows it$/);
    // Alarm webhooks alone may call loopback, when their setting lists it: the key and text say so.
    expect(outboundAddressProblemKey('loopback', 'alarmWebhook')).toBe('validation.webhookAddressLoopback');
    expect(outboundAddressProblemKey('private', 'alarmWebhook')).toBe('validation.webhookAddressPrivate');
    expect(outboundAddressMessage('loopback', 'alarmWebhook', '127.0.0.1')).toContain('HALO_WEBHOOK_ALLOWED_NETWORKS');
    expect(outboundAddressMessage('loopback', 'satcomTarget', '127.0.0.1')).toMatch(/no setting allows it$/);
  });
});
