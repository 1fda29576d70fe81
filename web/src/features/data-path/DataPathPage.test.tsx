import { TestId, type LoginResponse } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithSession, signedIn } from '../../testing/sessionHarness';
import { DataPathPage } from './DataPathPage';

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
      return Promise.resolve(jsonResponse(200, { ok: true }));
    }
    if (url.endsWith('/apps/openvpn/profiles'))
      return Promise.resolve(jsonResponse(200, { openvpn_profiles: profiles }));
    if (url.endsWith('/application_rules/9') && method === 'PUT')
      return Promise.resolve(
        jsonResponse(400, {
          error: 1,
          message: 'Required fields missing',
          fields: { hosts_list: 'validation.invalid' },
        }),
      );
    if (url.endsWith('/application_rules'))
      return Promise.resolve(jsonResponse(200, { application_rules: [rule(profiles.length ? 4 : null)] }));
    if (url.endsWith('/devices')) return Promise.resolve(jsonResponse(200, { devices: [] }));
    return Promise.resolve(jsonResponse(404, { error: 6, message: 'ID not found' }));
  });
  return calls;
}

function renderPage(overrides: Partial<LoginResponse>) {
  renderWithSession(<DataPathPage />, signedIn(overrides));
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
