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

const device = (id: number, name: string, ports: { from: number; to: number } | null) => ({
  id,
  name,
  pairing_id: `SN-${name}`,
  type: 1,
  is_server: ports !== null,
  is_enabled: true,
  is_activated: false,
  availability: null,
  main_app_status: null,
  upgrade_policy: null,
  ports,
});
/** A client and two servers whose control ports differ, as in issue 24. */
const DEVICES = [
  device(3, 'host-a', null),
  device(5, 'hub-east', { from: 1024, to: 1063 }),
  device(6, 'hub-west', { from: 1120, to: 1159 }),
];
const REFUSED_HOSTS = { error: 1, message: 'Required fields missing', fields: { hosts_list: 'validation.ruleHosts' } };

/** A provider with one profile and one rule using it; deleting the profile moves the rule to No VPN/Custom. */
function fakeProvider(options: { devices?: readonly object[]; putAnswer?: object } = {}) {
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
      return Promise.resolve(jsonResponse(400, options.putAnswer ?? REFUSED_HOSTS));
    if (url.endsWith('/application_rules'))
      return Promise.resolve(jsonResponse(200, { application_rules: [rule(profiles.length ? 4 : null)] }));
    const asked = new URL(url, 'http://console.test');
    if (asked.pathname.endsWith('/devices')) {
      const servers = asked.searchParams.get('is_server');
      const devices = (options.devices ?? []).filter(
        (device) => servers === null || String((device as { is_server?: boolean }).is_server) === servers,
      );
      return Promise.resolve(jsonResponse(200, { devices }));
    }
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
    // It says what hosts are, not only that they are invalid.
    expect(screen.getByTestId(TestId.crud.fieldError('applicationRules', 'hosts')).textContent).toBe(
      'Hosts must be client devices of this environment, none of them a hub of the rule',
    );
  });

  const openRuleDialog = async (open: () => void, section: 'hosts' | 'hubs') => {
    await screen.findByTestId(TestId.crud.row('applicationRules', 9));
    open();
    await screen.findByTestId(TestId.crud.dialog('applicationRules'));
    fireEvent.click(screen.getByTestId(TestId.crud.field('applicationRules', `section-${section}`)));
  };
  const valueOf = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;

  it('shows each chosen hub’s control ports beside its own port, proposes a port in them, and names a hub refused', async () => {
    const calls = fakeProvider({ devices: DEVICES });
    renderPage({ environment_manager: true });
    // Only the servers are loaded for the hubs (clients are found as the user types).
    await waitFor(() => expect(calls).toContain('GET /devices?is_server=true'));
    await openRuleDialog(() => fireEvent.click(screen.getByTestId(TestId.crud.add('applicationRules'))), 'hubs');
    fireEvent.change(screen.getByTestId(TestId.dataPath.hub('primary')), { target: { value: '5' } });
    expect(valueOf(TestId.dataPath.hubPort('primary'))).toBe('1024');
    expect(screen.getByTestId(TestId.dataPath.hubPortRange('primary')).textContent).toBe('accepts 1024-1063');
    fireEvent.change(screen.getByTestId(TestId.dataPath.hub('secondary')), { target: { value: '6' } });
    expect(valueOf(TestId.dataPath.hubPort('secondary'))).toBe('1120');
    expect(screen.getByTestId(TestId.dataPath.hubPortRange('secondary')).textContent).toBe('accepts 1120-1159');

    // One port for both, as the spec's single field had it: the secondary hub is named with its range.
    fireEvent.change(screen.getByTestId(TestId.dataPath.hubPort('secondary')), { target: { value: '1030' } });
    expect(screen.getByTestId(TestId.crud.fieldError('applicationRules', 'hubPorts')).textContent).toBe(
      'hub-west accepts control ports 1120-1159 only',
    );
    fireEvent.click(screen.getByTestId(TestId.crud.save('applicationRules')));
    await waitFor(() => expect(screen.getByTestId(TestId.crud.dialog('applicationRules'))).toBeTruthy());
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('states the values a reorder takes instead of calling it invalid', async () => {
    fakeProvider({ devices: DEVICES });
    renderPage({ environment_manager: true });
    await openRuleDialog(() => fireEvent.click(screen.getByTestId(TestId.crud.add('applicationRules'))), 'hosts');
    fireEvent.change(screen.getByTestId(TestId.crud.field('applicationRules', 'hostReorder')), {
      target: { value: '2000' },
    });
    expect(screen.getByTestId(TestId.crud.fieldError('applicationRules', 'hostReorder')).textContent).toBe(
      'Host reorder must be 0 (off) or from 1 to 1000',
    );
  });

  it.each([
    [
      { error: 61, message: 'Application Rule parameters already exists', fields: { rule_id: 3, rule_name: 'video' } },
      'Application Rule parameters already exists',
      'The rule video already has these hosts and this primary hub.',
    ],
    [
      {
        error: 62,
        message: 'Hub control ports limitation',
        fields: { hub_device_id: 6, hub_name: 'hub-west', port: 1030, ports: { from: 1120, to: 1159 } },
      },
      'Hub control ports limitation exceeded on rule update',
      'hub-west accepts control ports 1120-1159 only, not 1030.',
    ],
  ])('says why the provider refused a rule: %j', async (answer, message, detail) => {
    fakeProvider({ devices: DEVICES, putAnswer: answer });
    renderPage({ environment_manager: true });
    await openRuleDialog(() => fireEvent.click(screen.getByTestId(TestId.crud.edit('applicationRules', 9))), 'hubs');
    fireEvent.click(screen.getByTestId(TestId.crud.save('applicationRules')));
    expect((await screen.findByTestId(TestId.crud.formError('applicationRules'))).textContent).toBe(message);
    expect(screen.getByTestId(TestId.crud.formErrorDetail('applicationRules')).textContent).toBe(detail);
  });
});
