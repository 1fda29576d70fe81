import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EnvironmentCreateSchema, EnvironmentListQuerySchema, EnvironmentUpdateSchema } from './environment.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);
const environment = {
  environment_name: 'north-fleet',
  username: 'north_admin',
  password: 'Str0ng pass',
  email: 'n@example.com',
};

describe('EnvironmentCreateSchema', () => {
  it('accepts an environment with the product CA or a custom one', () => {
    expect(EnvironmentCreateSchema.safeParse(environment).success).toBe(true);
    expect(EnvironmentCreateSchema.safeParse({ ...environment, ca_server_address: '10.0.0.9' }).success).toBe(true);
    expect(
      EnvironmentCreateSchema.safeParse({ ...environment, ca_server_address: 'ca.example.com:8443' }).success,
    ).toBe(true);
  });

  it('refuses names with a space or an accent', () => {
    expect(messages(EnvironmentCreateSchema.safeParse({ ...environment, environment_name: 'north fleet' }))).toEqual([
      'validation.invalidCharacters',
    ]);
    expect(messages(EnvironmentCreateSchema.safeParse({ ...environment, username: 'admín' }))).toEqual([
      'validation.invalidCharacters',
    ]);
  });

  it('stores the CA address normalised: trimmed, the host in lower case, a default port dropped', () => {
    const address = (typed: string) =>
      EnvironmentCreateSchema.parse({ ...environment, ca_server_address: typed }).ca_server_address;
    expect(address(' CA.Example.COM:8443\r\n')).toBe('ca.example.com:8443');
    expect(address('ca.example.com:80')).toBe('ca.example.com');
    expect(address('10.0.0.9')).toBe('10.0.0.9');
    expect(address('2130706433')).toBe('127.0.0.1');
  });

  it.each(['ca.exa\r\nmple.com', 'ca.example.com\t:8443', 'ca.example.com:99999', 'https://ca.example.com'])(
    'refuses the CA address %j',
    (typed) => {
      expect(messages(EnvironmentCreateSchema.safeParse({ ...environment, ca_server_address: typed }))).toEqual([
        'validation.invalid',
      ]);
    },
  );

  it('refuses a malformed CA address and unknown fields', () => {
    expect(messages(EnvironmentCreateSchema.safeParse({ ...environment, ca_server_address: 'ca example' }))).toEqual([
      'validation.invalid',
    ]);
    expect(EnvironmentCreateSchema.safeParse({ ...environment, realm_type: 2 }).success).toBe(false);
  });
});

describe('EnvironmentUpdateSchema', () => {
  it('renames with environment_name alone and keeps a null password unchanged', () => {
    expect(EnvironmentUpdateSchema.safeParse({ environment_name: 'renamed' }).success).toBe(true);
    expect(EnvironmentUpdateSchema.safeParse({ ...environment, password: null }).success).toBe(true);
    expect(messages(EnvironmentUpdateSchema.safeParse({ ...environment, password: 'weakpass' }))).toEqual([
      'validation.password',
    ]);
  });
});

describe('EnvironmentListQuerySchema', () => {
  it('coerces paging and refuses unknown parameters', () => {
    expect(EnvironmentListQuerySchema.parse({ object_id: '0', page_size: '50' })).toEqual({
      object_id: 0,
      page_size: 50,
    });
    expect(EnvironmentListQuerySchema.safeParse({ page_size: '5000' }).success).toBe(false);
    expect(EnvironmentListQuerySchema.safeParse({ search: 'x' }).success).toBe(false);
  });
});
