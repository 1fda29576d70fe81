import { describe, expect, it } from 'vitest';
import { hashPassword, useTestPasswordCost, verifyPassword } from './passwords.js';

// This file does not start a test provider: the product's own cost applies here.
describe('password hashes', () => {
  it("are scrypt at the product's cost (N=2^15, r=8, p=1) with a salt of their own, and verify only the password", async () => {
    const first = await hashPassword('Str0ng-Pass!');
    const second = await hashPassword('Str0ng-Pass!');
    expect(first.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Str0ng-Pass!', first)).toBe(true);
    expect(await verifyPassword('Str0ng-Pass?', first)).toBe(false);
  });

  it("verify by the cost a hash names: one made at the test cost verifies beside the product's (last: it switches this file to the test cost)", async () => {
    const product = await hashPassword('Str0ng-Pass!');
    useTestPasswordCost();
    const cheap = await hashPassword('Str0ng-Pass!');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('Str0ng-Pass!', cheap)).toBe(true);
    expect(await verifyPassword('Str0ng-Pass!', product)).toBe(true);
    expect(await verifyPassword('Str0ng-Pass?', cheap)).toBe(false);
    expect(await verifyPassword('Str0ng-Pass!', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
