import { readFileSync } from 'node:fs';
import { TestId } from '@halo/shared';
import { DataPathApi } from '../fixtures/dataPathApi';
import { DataPathPage } from '../fixtures/pages/DataPathPage';
import { loginThroughUi } from '../fixtures/session';
import { expect, test as base } from '../fixtures/test';

const test = base.extend<{ dataPath: DataPathPage }>({
  dataPath: async ({ page }, use) => use(new DataPathPage(page)),
});

test.use({ stackEnv: { HALO_E2E_STACK: 'data-path' } });
// One stack for the file: the profile and rules made first are used by the later tests.
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Str0ng-Pass!';

test('create a profile, a rule using it and a rule with custom redundancy 180% and its cost', async ({
  page,
  request,
  stack,
  dataPath,
  snap,
}) => {
  // Arrange the fleet through the API first: the UI login after it is the admin's one session.
  const admin = await DataPathApi.login(request, 'admin', stack.adminPassword);
  for (const name of ['host-a', 'host-b', 'host-c']) await admin.createDevice(name);
  await admin.createDevice('hub-1', { from: 5000, to: 6000 });
  await admin.createDevice('hub-2', { from: 6001, to: 7000 });

  await loginThroughUi(page, 'admin', stack.adminPassword);
  await dataPath.open();
  const { profiles, rules } = dataPath;
  await expect(profiles.empty).toBeVisible();
  await expect(rules.empty).toBeVisible();

  // A profile: server section with an inline-checked subnet mask, one custom row kept.
  await profiles.openAdd();
  await expect(profiles.dialogTitle).toHaveText('Add VPN profile');
  await profiles.fill({ name: 'office-vpn' });
  await dataPath.openSection(profiles, 'general');
  await expect(profiles.field('encryptionType')).toHaveValue('3');
  await expect(profiles.field('compressionType')).toHaveValue('3');
  await expect(profiles.field('layerType')).toHaveValue('2');
  await dataPath.openSection(profiles, 'server');
  await profiles.fill({
    serverAddress: 'vpn.example.test',
    serverPort: '1194',
    managedIp: '10.8.0.1',
    managedSubnetMask: '255.0.255.0',
  });
  await expect(profiles.fieldError('managedSubnetMask')).toHaveText('Managed server subnet mask is invalid');
  await profiles.fill({ managedSubnetMask: '255.255.255.0' });
  await expect(profiles.fieldError('managedSubnetMask')).toHaveCount(0);
  await dataPath.openSection(profiles, 'advanced');
  await profiles.field('auth').selectOption('sha256');
  await dataPath.switchOn(profiles, 'tlsAuth');
  await dataPath.switchOn(profiles, 'remoteCertTls');
  await profiles.field('keyDirection').selectOption('1');
  await expect(dataPath.customKey(0)).toHaveValue('');
  await dataPath.customKey(0).fill('verb');
  await dataPath.customValue(0).fill('3');
  await page.getByTestId(TestId.dataPath.customFieldAdd).click();
  await expect(dataPath.customKey(1)).toBeVisible();
  await page.getByTestId(TestId.dataPath.customFieldRemove(1)).click();
  await expect(dataPath.customKey(1)).toHaveCount(0);
  await snap('data-path-profile-dialog');
  await profiles.saveAndClose();
  await expect(dataPath.toast('VPN profile added')).toBeVisible();
  await expect(profiles.row('office-vpn')).toContainText('vpn.example.test:1194');
  // The dialog cleared after the save: adding again starts from the defaults and one empty row.
  await profiles.openAdd();
  await expect(profiles.field('name')).toHaveValue('');
  await dataPath.openSection(profiles, 'advanced');
  await expect(dataPath.customKey(0)).toHaveValue('');
  await expect(dataPath.customKey(1)).toHaveCount(0);
  await profiles.cancel();

  // A rule using the profile: the endpoint fields go away.
  await rules.openAdd();
  await rules.fill({ name: 'via-vpn' });
  await dataPath.openSection(rules, 'hosts');
  await dataPath.openSection(rules, 'hubs');
  await expect(rules.field('hostPort')).toBeVisible();
  await rules.field('vpnProfileId').selectOption({ label: 'office-vpn' });
  await expect(rules.field('hostEndpointType')).toHaveValue('embedded_openvpn');
  await expect(rules.field('hostPort')).toHaveCount(0);
  await expect(rules.field('hubIP')).toHaveCount(0);
  await dataPath.pickHost('host-a');
  await dataPath.hub('primary').selectOption({ label: 'hub-1' });
  await dataPath.hub('secondary').selectOption({ label: 'hub-2' });
  await rules.saveAndClose();
  await expect(dataPath.toast('Application rule added')).toBeVisible();
  await expect(rules.row('via-vpn')).toContainText('office-vpn');
  await expect(rules.row('via-vpn')).toContainText('hub-1, hub-2');

  // A rule with custom endpoints and custom host redundancy: the cost shows before saving.
  await rules.openAdd();
  await expect(rules.field('name')).toHaveValue('');
  await rules.fill({ name: 'video-180' });
  await rules.field('protocol').selectOption('tcp');
  await rules.field('pairingMode').selectOption('p2p');
  await rules.fill({ bandwidthLimit: '20000' });
  await dataPath.openSection(rules, 'hosts');
  await dataPath.pickHost('host-b');
  await rules.fill({ hostPort: '8080' });
  await expect(dataPath.redundancyCost('host')).toHaveText('No extra traffic (1 copy of every packet)');
  await expect(rules.field('hostRedundancyPercentage')).toHaveCount(0);
  await rules.field('hostRedundancyLevel').selectOption('1');
  await expect(dataPath.redundancyCost('host')).toHaveText('+1 GB per GB of data (2 copies of every packet)');
  await rules.field('hostRedundancyLevel').selectOption('4');
  await expect(rules.field('hostRedundancyPercentage')).toBeVisible();
  await expect(dataPath.redundancyCost('host')).toHaveText(
    'Enter a percentage from 0 to 1000 to see the extra traffic',
  );
  await rules.fill({ hostRedundancyPercentage: '1500' });
  await expect(rules.fieldError('hostRedundancyPercentage')).toHaveText('Must not exceed 1000');
  await rules.fill({ hostRedundancyPercentage: '180' });
  await expect(rules.fieldError('hostRedundancyPercentage')).toHaveCount(0);
  await expect(dataPath.redundancyCost('host')).toHaveText('At least 2 copies of every packet, +1.8 GB per GB of data');
  await dataPath.openSection(rules, 'hubs');
  await dataPath.hub('primary').selectOption({ label: 'hub-1' });
  await rules.fill({ hubIP: '10.1.0.1', hubPort: '5500' });
  await rules.field('hubRedundancyLevel').selectOption('2');
  await expect(dataPath.redundancyCost('hub')).toHaveText('+2 GB per GB of data (3 copies of every packet)');
  await snap('data-path-rule-custom-redundancy');
  await rules.saveAndClose();
  await expect(dataPath.toast('Application rule added')).toBeVisible();
  await expect(rules.row('video-180')).toContainText('host-b');
  await expect(rules.row('video-180')).toContainText('No VPN/Custom');

  // The percentage came back from the provider with level 4.
  await rules.openEdit('video-180');
  await expect(rules.dialogTitle).toHaveText('Edit application rule');
  await dataPath.openSection(rules, 'hosts');
  await expect(rules.field('hostRedundancyLevel')).toHaveValue('4');
  await expect(rules.field('hostRedundancyPercentage')).toHaveValue('180');
  await rules.cancel();
  await snap('data-path-list');
});

test('generate and download a certificate; the dialog closes and clears', async ({ page, stack, dataPath, snap }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await dataPath.open();
  await dataPath.openCertificateDialog();
  await expect(dataPath.certificateField('type')).toHaveValue('1');
  await expect(dataPath.certificateField('type').locator('option:checked')).toHaveText('OpenVPN client');
  await dataPath.submitCertificate();
  await expect(dataPath.certificateFieldError('certificateCN')).toHaveText('Certificate CN is required');
  await dataPath.certificateField('cn').fill('field laptop');
  await expect(dataPath.certificateFieldError('certificateCN')).toHaveText(
    'Certificate CN contains invalid characters',
  );
  await dataPath.certificateField('cn').fill('field-laptop-7');
  await dataPath.certificateField('profile').selectOption({ label: 'office-vpn' });
  await snap('data-path-certificate-dialog');

  const downloading = page.waitForEvent('download');
  await dataPath.submitCertificate();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('field-laptop-7.ovpn');
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain('<ca>');
  expect(text).toContain('<cert>');
  expect(text).toContain('<key>');
  // The profile was saved with TLS auth on: its key travels in the file too.
  expect(text).toContain('<tls-auth>');
  await expect(dataPath.certificateDialog).toBeHidden();
  await expect(dataPath.toast('Certificate generated and downloaded')).toBeVisible();

  await dataPath.openCertificateDialog();
  await expect(dataPath.certificateField('cn')).toHaveValue('');
  await dataPath.cancelCertificate();
});

test('shows errors 60, 61, 64, 62, 80, 82, 83 and 92 to the user', async ({ page, stack, dataPath, snap }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await dataPath.open();
  const { profiles, rules } = dataPath;

  const fillCustomRule = async (name: string, host: string, hubPort: string) => {
    await rules.openAdd();
    await rules.fill({ name });
    await dataPath.openSection(rules, 'hosts');
    await dataPath.pickHost(host);
    await rules.fill({ hostPort: '8080' });
    await dataPath.openSection(rules, 'hubs');
    await dataPath.hub('primary').selectOption({ label: 'hub-1' });
    await rules.fill({ hubIP: '10.1.0.1', hubPort });
  };

  await fillCustomRule('VIDEO-180', 'host-c', '5500');
  await rules.save();
  await expect(rules.formError).toHaveText('Application Rule name already exists');
  await rules.cancel();

  await fillCustomRule('video-copy', 'host-b', '5500');
  await rules.save();
  await expect(rules.formError).toHaveText('Application Rule parameters already exists');
  await rules.cancel();

  await fillCustomRule('video-far', 'host-c', '7000');
  await rules.save();
  await expect(rules.formError).toHaveText('Hub control ports limitation exceeded on rule add');
  // The banner says which ports the hub accepts, and stays in sight in the scrolled dialog.
  await expect(rules.formErrorDetail).toHaveText('The hub accepts control ports 5000-6000 only.');
  await expect(rules.formError).toBeInViewport();
  await snap('data-path-error-64');
  await rules.cancel();

  await rules.openEdit('video-180');
  await dataPath.openSection(rules, 'hubs');
  await rules.fill({ hubPort: '4999' });
  await rules.save();
  await expect(rules.formError).toHaveText('Hub control ports limitation exceeded on rule update');
  await expect(rules.formErrorDetail).toHaveText('The hub accepts control ports 5000-6000 only.');
  await rules.cancel();

  // A profile with only a name could not produce a working file: the form asks for the server.
  await profiles.openAdd();
  await profiles.fill({ name: 'name-only' });
  await profiles.saveRefusedByForm();
  await expect(profiles.fieldError('serverAddress')).toBeVisible();
  await expect(profiles.fieldError('serverPort')).toBeVisible();
  await snap('data-path-profile-needs-server');
  await profiles.cancel();

  const fillServer = async () => {
    await dataPath.openSection(profiles, 'server');
    await profiles.fill({ serverAddress: 'vpn.example.test', serverPort: '1194' });
  };

  await profiles.openAdd();
  await profiles.fill({ name: 'Office-VPN' });
  await fillServer();
  await profiles.save();
  await expect(profiles.formError).toHaveText('OpenVPN profile name exists');
  await profiles.cancel();

  await profiles.openAdd();
  await profiles.fill({ name: 'twice' });
  await fillServer();
  await dataPath.openSection(profiles, 'advanced');
  await dataPath.customKey(0).fill('ping');
  await dataPath.customValue(0).fill('10');
  await page.getByTestId(TestId.dataPath.customFieldAdd).click();
  await dataPath.customKey(1).fill('ping');
  await dataPath.customValue(1).fill('20');
  await expect(page.getByTestId(TestId.dataPath.customFieldsProblem)).toHaveText('Named more than once: ping');
  await profiles.save();
  await expect(profiles.formError).toHaveText('Duplicate or not allowed custom keys');
  await profiles.cancel();

  await profiles.openAdd();
  await profiles.fill({ name: 'reserved' });
  await fillServer();
  await dataPath.openSection(profiles, 'advanced');
  await dataPath.customKey(0).fill('remote');
  await dataPath.customValue(0).fill('evil.example 1194');
  await expect(page.getByTestId(TestId.dataPath.customFieldsProblem)).toHaveText('Not allowed as custom keys: remote');
  await profiles.save();
  await expect(profiles.formError).toHaveText('Duplicate or not allowed custom keys');
  await profiles.formError.scrollIntoViewIfNeeded();
  await snap('data-path-error-83');
  await profiles.cancel();

  await profiles.openAdd();
  await profiles.fill({ name: 'private-vpn' });
  await fillServer();
  await profiles.field('mode').selectOption('private');
  await profiles.saveAndClose();
  await expect(profiles.row('private-vpn')).toContainText('Private');
  await dataPath.openCertificateDialog();
  await dataPath.certificateField('cn').fill('laptop-9');
  await dataPath.certificateField('profile').selectOption({ label: 'private-vpn' });
  await dataPath.submitCertificate();
  await expect(dataPath.certificateError).toHaveText('Certificates cannot be generated for a private profile');
  await expect(dataPath.certificateDialog).toBeVisible();
  await snap('data-path-error-92');
  await dataPath.cancelCertificate();
});

test('deleting a profile puts its rules back on No VPN/Custom', async ({ page, stack, dataPath, snap }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await dataPath.open();
  await expect(dataPath.rules.row('via-vpn')).toContainText('office-vpn');
  await dataPath.profiles.delete('office-vpn');
  await expect(dataPath.toast('VPN profile deleted')).toBeVisible();
  await expect(dataPath.rules.row('via-vpn')).toContainText('No VPN/Custom');
  await expect(dataPath.rules.row('via-vpn')).toContainText('Disabled');
  await snap('data-path-profile-deleted');
});

test('an unreachable custom CA shows the VPN generate failure', async ({ page, request, stack, dataPath, snap }) => {
  const admin = await DataPathApi.login(request, 'admin', stack.adminPassword);
  await admin.createEnvironment({
    environment_name: 'custom-ca',
    username: 'custom_ca_manager',
    password: PASSWORD,
    email: 'custom-ca@example.test',
    // A name that resolves to this machine: saved, and refused when called (never the provider's own host).
    ca_server_address: 'localhost:9',
  });
  const manager = await DataPathApi.login(request, 'custom_ca_manager', PASSWORD, 'custom-ca');
  await manager.createProfile('remote-ca');

  await loginThroughUi(page, 'custom_ca_manager', PASSWORD, 'custom-ca');
  await dataPath.open();
  await dataPath.openCertificateDialog();
  await dataPath.certificateField('cn').fill('laptop-1');
  await dataPath.certificateField('profile').selectOption({ label: 'remote-ca' });
  await dataPath.submitCertificate();
  await expect(dataPath.certificateError).toHaveText('Certificate generation failed, verify service availability');
  await snap('data-path-vpn-generate-failed');
});

test('he-IL shows the screen right to left with the cost in Hebrew', async ({ page, stack, dataPath, snap }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await dataPath.open();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await dataPath.rules.openAdd();
  await dataPath.openSection(dataPath.rules, 'hosts');
  await dataPath.rules.field('hostRedundancyLevel').selectOption('1');
  await expect(dataPath.redundancyCost('host')).toHaveText('+1 GB לכל GB של נתונים (2 עותקים מכל חבילה)');
  await snap('data-path-he-IL');
});
