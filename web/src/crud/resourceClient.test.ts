import { API, defineEndpoint, ErrorCode, OkResponseSchema } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../lib/api/apiClient';
import { createResourceClient, defineResource, formErrorOf } from './resourceClient';

/** A row action the contract does not have, declared here for the test alone. */
const archiveGroup = defineEndpoint({
  method: 'POST',
  path: '/config/{environmentId}/groups/{id}/archive',
  summary: 'Archive a group (test only)',
  tag: 'Groups',
  access: 'user',
  answer: OkResponseSchema,
});

const groups = defineResource({
  name: 'groups',
  endpoints: { list: API.groups.list, create: API.groups.create, update: API.groups.update, remove: API.groups.remove },
  rowsOf: (answer) => answer.groups,
  actions: { archive: archiveGroup },
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function clientAnswering(answer: (() => Response) | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer()),
  );
  const api = createApiClient({ getToken: () => ({ access_token: 't', token_type: 'Bearer' }), fetch: fetchMock });
  return { client: createResourceClient(api, groups, () => 7), fetchMock };
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return formErrorOf(error);
  }
  throw new Error('expected the call to fail');
}

describe('createResourceClient', () => {
  it('lists under config/{environment_id} and parses rows with the shared schema', async () => {
    const { client, fetchMock } = clientAnswering(() => jsonResponse(200, { groups: [{ id: 1, name: 'north' }] }));
    await expect(client.list()).resolves.toEqual([{ id: 1, name: 'north' }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/config/7/groups');
  });

  it('creates with POST, updates with PUT on the item, deletes, and posts row actions', async () => {
    const { client, fetchMock } = clientAnswering(() => jsonResponse(200, { ok: true }));
    await client.create({ group: { name: 'a' } });
    await client.update(3, { group: { name: 'b' } });
    await client.remove(3);
    await client.action('archive', 3);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url as string}`)).toEqual([
      'POST /api/v1/config/7/groups',
      'PUT /api/v1/config/7/groups/3',
      'DELETE /api/v1/config/7/groups/3',
      'POST /api/v1/config/7/groups/3/archive',
    ]);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"group":{"name":"b"}}');
    // Row actions have no body in the contract: none is sent.
    expect(fetchMock.mock.calls[3]?.[1]?.body).toBeUndefined();
  });

  it('refuses a draft the contract schema does not accept as the provider would, without calling', async () => {
    const { client, fetchMock } = clientAnswering(() => jsonResponse(200, { ok: true }));
    const formError = await failureOf(client.create({ group: { name: null } }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(formError.messageKey).toBe('errors.missingValues');
    expect(formError.fields).toEqual({ name: { key: 'validation.required', params: ['name'] } });
  });

  it('refuses an answer that does not match the shared schema as a general error', async () => {
    const { client } = clientAnswering(() => jsonResponse(200, { groups: [{ id: 'x' }] }));
    expect((await failureOf(client.list())).messageKey).toBe('errors.general');
  });
});

describe('formErrorOf', () => {
  it.each([
    [400, ErrorCode.ENV_NAME_EXISTS, 'errors.envNameExists', 'environment_name'],
    [400, ErrorCode.USERNAME_EXISTS, 'errors.usernameExists', 'username'],
    [400, ErrorCode.EMAIL_EXISTS, 'errors.emailExists', 'email'],
    [400, ErrorCode.PASSWORD_NOT_VALID, 'errors.passwordNotValid', 'password'],
    [400, ErrorCode.GROUP_NAME_EXISTS, 'errors.groupNameExists', 'name'],
  ])('maps %i with code %i to %s and marks the field %s', async (status, code, key, field) => {
    const { client } = clientAnswering(() => jsonResponse(status, { error: code, message: 'server says' }));
    const formError = await failureOf(client.create({ group: { name: 'north' } }));
    expect(formError.messageKey).toBe(key);
    expect(formError.fields[field]).toEqual({ key, params: [] });
  });

  it('turns the API field problems (dotted paths) into the form fields they name', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(400, {
        error: ErrorCode.MISSING_VALUES,
        message: 'Required fields missing or invalid',
        fields: { 'user.username': 'validation.invalidCharacters', 'user.email': 'validation.invalid', other: 5 },
      }),
    );
    const formError = await failureOf(client.create({ group: { name: 'north' } }));
    // Invalid, not missing: the banner does not claim a required field is empty.
    expect(formError.messageKey).toBe('errors.invalidFields');
    expect(formError.fields).toEqual({
      username: { key: 'validation.invalidCharacters', params: ['username'] },
      email: { key: 'validation.invalid', params: ['email'] },
    });
  });

  it('keeps "Required fields missing" when the fields are indeed missing', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(400, {
        error: ErrorCode.MISSING_VALUES,
        message: 'missing',
        fields: { 'group.name': 'validation.required' },
      }),
    );
    expect((await failureOf(client.create({ group: { name: 'north' } }))).messageKey).toBe('errors.missingValues');
  });

  it('uses the 404 variants, the forbidden kind and the network failure message', async () => {
    const notFound = clientAnswering(() => jsonResponse(404, { error: ErrorCode.INVALID_ID, message: 'ID not found' }));
    expect((await failureOf(notFound.client.update(9, { group: { name: 'north' } }))).messageKey).toBe(
      'errors.idNotFound',
    );
    const noEnvironment = clientAnswering(() => jsonResponse(404, { error: ErrorCode.INVALID_TOKEN, message: 'nope' }));
    expect((await failureOf(noEnvironment.client.list())).messageKey).toBe('errors.environmentNotFound');
    const forbidden = clientAnswering(() => jsonResponse(403, { error: 'forbidden', message: 'no' }));
    expect((await failureOf(forbidden.client.remove(1))).messageKey).toBe('errors.insufficientPermission');
    const offline = clientAnswering(new TypeError('fetch failed'));
    expect((await failureOf(offline.client.list())).messageKey).toBe('errors.serviceUnavailable');
    expect(formErrorOf(new Error('boom')).messageKey).toBe('errors.general');
  });

  it('refuses an action the resource does not declare', async () => {
    const { client, fetchMock } = clientAnswering(() => jsonResponse(200, {}));
    expect((await failureOf(client.action('explode', 1))).messageKey).toBe('errors.general');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
