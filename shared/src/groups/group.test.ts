import { describe, expect, it } from 'vitest';
import { GroupWriteSchema } from './group.js';

describe('GroupWriteSchema', () => {
  it('accepts a valid name and refuses spaces, accents, blanks and unknown fields', () => {
    expect(GroupWriteSchema.safeParse({ group: { name: 'north_sites' } }).success).toBe(true);
    expect(GroupWriteSchema.safeParse({ group: { name: 'north sites' } }).error?.issues[0]?.message).toBe(
      'validation.invalidCharacters',
    );
    expect(GroupWriteSchema.safeParse({ group: { name: 'sitès' } }).error?.issues[0]?.message).toBe(
      'validation.invalidCharacters',
    );
    expect(GroupWriteSchema.safeParse({ group: { name: '' } }).error?.issues[0]?.message).toBe('validation.required');
    expect(GroupWriteSchema.safeParse({ group: { name: 'a', id: 1 } }).success).toBe(false);
    expect(GroupWriteSchema.safeParse({ name: 'a' }).success).toBe(false);
  });

  it('bounds the name length', () => {
    expect(GroupWriteSchema.safeParse({ group: { name: 'a'.repeat(64) } }).success).toBe(true);
    expect(GroupWriteSchema.safeParse({ group: { name: 'a'.repeat(65) } }).error?.issues[0]?.message).toBe(
      'validation.maxLength',
    );
  });
});
