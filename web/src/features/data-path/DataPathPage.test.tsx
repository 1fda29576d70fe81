import { LoginState, TestId, TwoFactorStatus, type LoginResponse, type SessionEndReason } from '@halo/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromEventObservable, fromPromise } from 'xstate';
import { createI18n } from '../../lib/i18n/i18n';
import { SessionContext, sessionMachine } from '../../lib/session';
import { DataPathPage } from './DataPathPage';

type WatchEvent = { type: 'session.end'; reason: SessionEndReason } | { type: 'session.unauthorized' };

function session(overrides: Partial<LoginResponse>): LoginResponse {
  return {
    token: { access_token: 'token', token_type: 'Bearer' },
    name: 'Dana',
    user_id: 7,
    environment_id: 2,
    environment_name: 'fleet-north',
    parent_environment_id: 1,
    environment_manager: false,
    permissions: [],
    enabled_feature_ids: [],
    entities: { devices: [] },
    two_factor_auth: { setup_status: TwoFactorStatus.INACTIVE },
    verified: true,
    realm_type: 1,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const profile = {
  id: 4,
  name: 'office-vpn',
  is_enabled: true,
  is_private: false,
  general_config: null,
  server_config: null,
  advanced_config: null,
};
const settings = { redundancy_level: 0, redundancy_percentage: null, reorder: 0 };
const rule = (profileId: number | null) => ({
  id: 9,
  name: 'via-vpn',
  is_enabled: profileId !== null,
  profile_id: profileId,
  host_endpoint_info: null,
  hosts_list: { '3': { device_id: 3, name: 'host-a' } },
  hosts_settings: settings,
  hubs_list: [{ priority: 'primary', device_id: 5 }],
  hub_endpoint_info: null,
  hubs_settings: settings,
});

/** A provider with one profile and one rule using it; deleting the profile moves the rule to No VPN/Custom. */
function fakeProvider() {
  let profiles = [profile];
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.replace(/^.*\/config\/2/, '')}`);
    if (url.endsWith('/apps/openvpn/profiles/4') && method === 'DELETE') {
      profiles = [];
      return Promise.resolve(json(200, { ok: true }));
    }
    if (url.endsWith('/apps/openvpn/profiles')) return Promise.resolve(json(200, { openvpn_profiles: profiles }));
    if (url.endsWith('/application_rules/9') && method === 'PUT')
      return Promise.resolve(
        json(400, { error: 1, message: 'Required fields missing', fields: { hosts_list: 'validation.invalid' } }),
      );
    if (url.endsWith('/application_rules'))
      return Promise.resolve(json(200, { application_rules: [rule(profiles.length ? 4 : null)] }));
    if (url.endsWith('/devices')) return Promise.resolve(json(200, { devices: [] }));
    return Promise.resolve(json(404, { error: 6, message: 'ID not found' }));
  });
  return calls;
}

function renderPage(overrides: Partial<LoginResponse>) {
  const logic = sessionMachine.provide({
    actors: {
      logIn: fromPromise(() => Promise.reject(new Error('not in this test'))),
      verifyOtp: fromPromise(() => Promise.reject(new Error('not in this test'))),
      logOut: fromPromise((): Promise<unknown> => Promise.resolve({ ok: true })),
      watchUnauthorized: fromEventObservable(() => new Subject<WatchEvent>()),
      watchLiveSession: fromEventObservable(() => new Subject<WatchEvent>()),
    },
  });
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <SessionContext.Provider
        logic={logic}
        options={{
          input: { loginState: LoginState.LOGGED_IN, session: session(overrides), otpReminderPostponed: false },
        }}
      >
        <MemoryRouter>
          <DataPathPage />
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
}

describe('DataPathPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows only the application rules to a user who may view only them, read-only', async () => {
    const calls = fakeProvider();
    renderPage({ permissions: [60] });
    await screen.findByTestId(TestId.crud.row('applicationRules', 9));
    expect(screen.queryByTestId(TestId.dataPath.profilesSection)).toBeNull();
    expect(screen.getByTestId(TestId.crud.add('applicationRules')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId(TestId.crud.edit('applicationRules', 9)).hasAttribute('disabled')).toBe(true);
    expect(calls.some((call) => call.includes('/apps/openvpn/profiles'))).toBe(false);
  });

  it('shows only the VPN profiles to a user who may view only them, with add allowed', async () => {
    fakeProvider();
    renderPage({ permissions: [100, 101] });
    await screen.findByTestId(TestId.crud.row('vpnProfiles', 4));
    expect(screen.queryByTestId(TestId.dataPath.rulesSection)).toBeNull();
    expect(screen.getByTestId(TestId.crud.add('vpnProfiles')).hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId(TestId.crud.delete('vpnProfiles', 4)).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId(TestId.dataPath.generateCertificate).hasAttribute('disabled')).toBe(false);
  });

  it('refreshes the rules after a profile is deleted', async () => {
    const calls = fakeProvider();
    renderPage({ environment_manager: true });
    const ruleRow = await screen.findByTestId(TestId.crud.row('applicationRules', 9));
    await waitFor(() => expect(within(ruleRow).getByText('office-vpn')).toBeTruthy());
    fireEvent.click(screen.getByTestId(TestId.crud.delete('vpnProfiles', 4)));
    const alert = await screen.findByTestId(TestId.crud.deleteAlert('vpnProfiles'));
    const confirm = alert.closest('.bp6-alert')?.querySelector<HTMLButtonElement>('.bp6-alert-footer .bp6-button');
    fireEvent.click(confirm ?? alert);
    await waitFor(() =>
      expect(
        within(screen.getByTestId(TestId.crud.row('applicationRules', 9))).getByText('No VPN/Custom'),
      ).toBeTruthy(),
    );
    expect(calls.filter((call) => call.startsWith('GET') && call.endsWith('/application_rules')).length).toBe(2);
  });

  it('marks the hosts field when the provider refuses the hosts of a rule', async () => {
    fakeProvider();
    renderPage({ environment_manager: true });
    await screen.findByTestId(TestId.crud.row('applicationRules', 9));
    fireEvent.click(screen.getByTestId(TestId.crud.edit('applicationRules', 9)));
    expect(await screen.findByTestId(TestId.crud.dialogTitle('applicationRules'))).toHaveProperty(
      'textContent',
      'Edit application rule',
    );
    fireEvent.click(screen.getByTestId(TestId.crud.save('applicationRules')));
    // The hosts are invalid, not missing: the banner does not say a required field is empty.
    expect((await screen.findByTestId(TestId.crud.formError('applicationRules'))).textContent).toBe(
      'Some values are not valid: see the marked fields',
    );
    expect(screen.getByTestId(TestId.crud.fieldError('applicationRules', 'hosts')).textContent).toBe(
      'Hosts is invalid',
    );
  });
});
