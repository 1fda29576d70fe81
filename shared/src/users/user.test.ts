import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UserCreateSchema, UserListResponseSchema, UserUpdateSchema } from './user.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);
const user = { username: 'operator_1', password: 'Str0ng pass', email: 'op@example.com' };

describe('UserCreateSchema', () => {
  it('accepts a user and applies severity 3, enabled and no permissions by default', () => {
    const parsed = UserCreateSchema.parse({ user });
    expect(parsed.user).toMatchObject({ severity: 3, is_disabled: false, permissions: [] });
  });

  it('sorts permissions, drops repeats and refuses numbers outside section 6', () => {
    expect(UserCreateSchema.parse({ user: { ...user, permissions: [52, 50, 50] } }).user.permissions).toEqual([50, 52]);
    expect(messages(UserCreateSchema.safeParse({ user: { ...user, permissions: [50, 56] } }))).toEqual([
      'validation.invalid',
    ]);
  });

  it.each([
    ['7 characters', 'Abc 12!'],
    ['129 characters', `Aa1!${'x'.repeat(125)}`],
    ['no upper-case letter', 'str0ng pass'],
    ['no lower-case letter', 'STR0NG PASS'],
    ['no digit', 'Strong pass'],
    ['no special character', 'Str0ngpass'],
  ])('refuses a password with %s', (_, password) => {
    expect(messages(UserCreateSchema.safeParse({ user: { ...user, password } }))).toEqual(['validation.password']);
  });

  it('accepts passwords of 8 and 128 characters', () => {
    expect(UserCreateSchema.safeParse({ user: { ...user, password: 'Abc 123!' } }).success).toBe(true);
    expect(UserCreateSchema.safeParse({ user: { ...user, password: `Aa1!${'x'.repeat(124)}` } }).success).toBe(true);
  });

  it.each(['john doe', 'josé'])('refuses the username %s', (username) => {
    expect(messages(UserCreateSchema.safeParse({ user: { ...user, username } }))).toEqual([
      'validation.invalidCharacters',
    ]);
  });

  it('refuses severity 4 and unknown fields such as environment_manager', () => {
    expect(UserCreateSchema.safeParse({ user: { ...user, severity: 4 } }).success).toBe(false);
    expect(UserCreateSchema.safeParse({ user: { ...user, environment_manager: true } }).success).toBe(false);
    expect(UserCreateSchema.safeParse({ user, admin: true }).success).toBe(false);
  });
});

describe('UserUpdateSchema', () => {
  it('treats a null password as unchanged but still checks a given one', () => {
    expect(UserUpdateSchema.safeParse({ user: { ...user, password: null } }).success).toBe(true);
    expect(messages(UserUpdateSchema.safeParse({ user: { ...user, password: 'short' } }))).toEqual([
      'validation.password',
    ]);
  });
});

describe('UserListResponseSchema', () => {
  it('parses users', () => {
    const row = {
      id: 1,
      username: 'admin',
      name: null,
      email: null,
      description: null,
      environment_id: 1,
      environment_manager: true,
      permissions: [],
      severity: 3,
      is_disabled: false,
      two_factor_auth_status: 1,
    };
    expect(UserListResponseSchema.safeParse({ users: [row] }).success).toBe(true);
    expect(UserListResponseSchema.safeParse({ users: [{ ...row, two_factor_auth_status: 4 }] }).success).toBe(false);
  });
});
