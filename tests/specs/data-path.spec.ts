import { readFileSync } from 'node:fs';
import { ALLOWED_CUSTOM_KEYS, TestId } from '@halo/shared';
import { DataPathApi } from '../fixtures/dataPathApi';
import { DataPathPage } from '../fixtures/pages/DataPathPage';
import { PeopleApi } from '../fixtures/peopleApi';
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
  // On by default: the file checks that the server's certificate is a server's.
  await expect(profiles.field('remoteCertTls')).toBeChecked();
  await profiles.field('keyDirection').selectOption('1');
  await expect(dataPath.customKey(0)).toHaveValue('');
  // The key field suggests the allowed keys (the allow-list), so nobody has to guess them.
  await expect(dataPath.customKey(0)).toHaveAttribute('list', 'data-path-allowed-custom-keys');
  await expect(page.locator('#data-path-allowed-custom-keys option')).toHaveCount(ALLOWED_CUSTOM_KEYS.length);
  await dataPath.customKey(0).fill('verb');
  await dataPath.customValue(0).fill('4');
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
  // The hub's port is proposed within its control ports.
  await expect(dataPath.hubPort('primary')).toHaveValue('5000');
  await dataPath.hubPort('primary').fill('5500');
  await rules.fill({ hubIP: '10.1.0.1' });
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
    'Certificate CN may contain only letters A-Z and a-z, digits 0-9, dot (.), underscore (_), hyphen (-) and @, at most 64 characters',
  );
  await snap('data-path-certificate-cn-characters');
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
  // The server's certificate is checked by default, and the profile's verb replaces the default one.
  const lines = text.split('\n');
  expect(lines.filter((line) => line.startsWith('remote-cert-tls'))).toEqual(['remote-cert-tls server']);
  expect(lines.filter((line) => line.startsWith('verb'))).toEqual(['verb 4']);
  await expect(dataPath.certificateDialog).toBeHidden();
  await expect(dataPath.toast('Certificate generated and downloaded')).toBeVisible();

  await dataPath.openCertificateDialog();
  await expect(dataPath.certificateField('cn')).toHaveValue('');
  await dataPath.cancelCertificate();
});

test('shows errors 60, 61, 64, 62, 80, 82, 83 and 92 to the user', async ({ page, request, stack, dataPath, snap }) => {
  // Another administrator, who may change any device, logged in before the admin's UI session.
  const people = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await people.createUser({
    username: 'device-keeper',
    password: PASSWORD,
    email: 'device-keeper@example.test',
    permissions: [50, 53],
  });
  const keeper = await DataPathApi.login(request, 'device-keeper', PASSWORD);
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
    await dataPath.hubPort('primary').fill(hubPort);
    await rules.fill({ hubIP: '10.1.0.1' });
  };

  await fillCustomRule('VIDEO-180', 'host-c', '5500');
  await rules.save();
  await expect(rules.formError).toHaveText('Application Rule name already exists');
  await rules.cancel();

  await fillCustomRule('video-copy', 'host-b', '5500');
  await rules.save();
  await expect(rules.formError).toHaveText('Application Rule parameters already exists');
  // The refusal names the rule that already holds these hosts and primary hub.
  await expect(rules.formErrorDetail).toHaveText('The rule video-180 already has these hosts and this primary hub.');
  await snap('data-path-error-61');
  await rules.cancel();

  // A port outside the hub's control ports: the form names the hub and its range, and sends nothing (64).
  await fillCustomRule('video-far', 'host-c', '7000');
  await expect(dataPath.hubPortRange('primary')).toHaveText('accepts 5000-6000');
  await rules.saveRefusedByForm();
  await expect(rules.fieldError('hubPorts')).toHaveText('hub-1 accepts control ports 5000-6000 only');
  await snap('data-path-error-64');
  await rules.cancel();

  // Another administrator narrows the hub's ports while the dialog is open: the provider refuses (62),
  // the banner names the hub, its ports and the port given, and stays in sight in the scrolled dialog.
  await rules.openEdit('video-180');
  await dataPath.openSection(rules, 'hubs');
  // The hub picker's value is the hub's device id.
  const hub1 = Number(await dataPath.hub('primary').inputValue());
  await dataPath.hubPort('primary').fill('5550');
  await keeper.setServerPorts(hub1, 'hub-1', { from: 5600, to: 6000 });
  await rules.save();
  await expect(rules.formError).toHaveText('Hub control ports limitation exceeded on rule update');
  await expect(rules.formErrorDetail).toHaveText('hub-1 accepts control ports 5600-6000 only, not 5550.');
  await expect(rules.formError).toBeInViewport();
  await snap('data-path-error-62');
  await rules.cancel();
  await keeper.setServerPorts(hub1, 'hub-1', { from: 5000, to: 6000 });

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
  await expect(dataPath.customProblem(0)).toHaveText('Named more than once: ping');
  await expect(dataPath.customProblem(1)).toHaveText('Named more than once: ping');
  await profiles.save();
  await expect(profiles.formError).toHaveText('Duplicate or not allowed custom keys');
  await expect(profiles.formErrorDetail).toHaveText('Named more than once: ping');
  await profiles.cancel();

  await profiles.openAdd();
  await profiles.fill({ name: 'reserved' });
  await fillServer();
  await dataPath.openSection(profiles, 'advanced');
  await dataPath.customKey(0).fill('ping');
  await dataPath.customValue(0).fill('10');
  await page.getByTestId(TestId.dataPath.customFieldAdd).click();
  // A directive that writes a file on the user's machine: off the allow-list, refused on its row and by the provider.
  await dataPath.customKey(1).fill('genkey');
  await dataPath.customValue(1).fill('secret /home/user/.ssh/id_rsa');
  await expect(dataPath.customProblem(0)).toHaveCount(0);
  await expect(dataPath.customProblem(1)).toHaveText(
    'Not an allowed custom key (pick one from the suggestions): genkey',
  );
  await profiles.save();
  await expect(profiles.formError).toHaveText('Duplicate or not allowed custom keys');
  await expect(profiles.formErrorDetail).toHaveText('Not allowed as custom keys: genkey');
  await profiles.formError.scrollIntoViewIfNeeded();
  await snap('data-path-error-83');
  await profiles.cancel();

  // A value its key does not take (quotes OpenVPN would not read as meant): the row says what the key takes.
  await profiles.openAdd();
  await profiles.fill({ name: 'quoted' });
  await fillServer();
  await dataPath.openSection(profiles, 'advanced');
  await dataPath.customKey(0).fill('ping');
  await dataPath.customValue(0).fill('"10 20"');
  await expect(dataPath.customProblem(0)).toHaveText('Takes: ping <0–86400 seconds>');
  await dataPath.customKey(0).fill('keepalive');
  await dataPath.customValue(0).fill('60 10');
  await expect(dataPath.customProblem(0)).toHaveText(
    'Takes: keepalive <1–86400 seconds> <1–86400 seconds> (the second number at least twice the first)',
  );
  await profiles.saveRefusedByForm();
  await expect(profiles.fieldError('customFields')).toHaveText(
    'Custom fields: a value is not what its key takes (see the marked row)',
  );
  await snap('data-path-custom-value');
  await dataPath.customValue(0).fill('10 60');
  await expect(dataPath.customProblem(0)).toHaveCount(0);
  await profiles.saveAndClose();
  await expect(profiles.row('quoted')).toBeVisible();

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
  // Why, in general terms: never how the name resolved (a refused address reads as unreachable).
  const dialog = page.getByTestId(TestId.dataPath.certificateDialog);
  await expect(dialog).toContainText('Reason: could not be reached, or its address is not allowed');
  await expect(dialog).not.toContainText('127.0.0.1');
  await snap('data-path-vpn-generate-failed');
});

test('a rule with two hubs whose control ports differ: a port for each beside its range, saved; one port for both refused naming the hub', async ({
  page,
  request,
  stack,
  dataPath,
  snap,
}) => {
  // Issue 24's two hubs: servers' ranges never overlap (error 52), so no one port fits both.
  const admin = await DataPathApi.login(request, 'admin', stack.adminPassword);
  await admin.createDevice('host-d');
  await admin.createDevice('hub-east', { from: 1024, to: 1063 });
  await admin.createDevice('hub-west', { from: 1120, to: 1159 });
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await dataPath.open();
  const { rules } = dataPath;
  // Loaded: an add asked while the list is still loading is not taken.
  await expect(rules.table.or(rules.empty)).toBeVisible();

  await rules.openAdd();
  await rules.fill({ name: 'two-hubs' });
  await dataPath.openSection(rules, 'hosts');
  await dataPath.pickHost('host-d');
  await rules.fill({ hostPort: '8080' });
  await dataPath.openSection(rules, 'hubs');
  await dataPath.hub('primary').selectOption({ label: 'hub-east' });
  await dataPath.hub('secondary').selectOption({ label: 'hub-west' });
  // Each hub's port beside the ports it accepts, proposed within them.
  await expect(dataPath.hubPortRange('primary')).toHaveText('accepts 1024-1063');
  await expect(dataPath.hubPortRange('secondary')).toHaveText('accepts 1120-1159');
  await expect(dataPath.hubPort('primary')).toHaveValue('1024');
  await expect(dataPath.hubPort('secondary')).toHaveValue('1120');
  await rules.fill({ hubIP: '10.1.0.9' });

  // One port for both hubs, as the single field had it: the form names the hub that refuses it.
  await dataPath.hubPort('primary').fill('1030');
  await dataPath.hubPort('secondary').fill('1030');
  await expect(rules.fieldError('hubPorts')).toHaveText('hub-west accepts control ports 1120-1159 only');
  await rules.fill({ hubReorder: '5000' });
  await expect(rules.fieldError('hubReorder')).toHaveText('Hub reorder must be 0 (off) or from 1 to 1000');
  await rules.saveRefusedByForm();
  await snap('data-path-rule-two-hubs-refused');

  await rules.fill({ hubReorder: '20' });
  await dataPath.hubPort('secondary').fill('1130');
  await expect(rules.fieldError('hubPorts')).toHaveCount(0);
  await dataPath.hubPort('secondary').scrollIntoViewIfNeeded();
  await snap('data-path-rule-two-hubs');
  await rules.saveAndClose();
  await expect(dataPath.toast('Application rule added')).toBeVisible();
  await expect(rules.row('two-hubs')).toContainText('hub-east, hub-west');

  await rules.openEdit('two-hubs');
  await dataPath.openSection(rules, 'hubs');
  await expect(dataPath.hubPort('primary')).toHaveValue('1030');
  await expect(dataPath.hubPort('secondary')).toHaveValue('1130');
  await rules.cancel();
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
  await dataPath.rules.cancel();

  // The rule with two hubs: each hub's range beside its port, and a port outside it named in Hebrew.
  await dataPath.rules.openEdit('two-hubs');
  await dataPath.openSection(dataPath.rules, 'hubs');
  await expect(dataPath.hubPortRange('primary')).toHaveText('מקבלת 1024-1063');
  await expect(dataPath.hubPortRange('secondary')).toHaveText('מקבלת 1120-1159');
  await dataPath.hubPort('secondary').fill('1030');
  await expect(dataPath.rules.fieldError('hubPorts')).toHaveText('hub-west מקבלת פורטי בקרה 1120-1159 בלבד');
  await dataPath.hubPort('secondary').scrollIntoViewIfNeeded();
  await snap('data-path-rule-two-hubs-he-IL');
  await dataPath.rules.cancel();
  await expect(dataPath.rules.dialog).toBeHidden();

  // The custom rows' notes in Hebrew, OpenVPN's own words kept left to right.
  await dataPath.profiles.openAdd();
  await dataPath.openSection(dataPath.profiles, 'advanced');
  await dataPath.customKey(0).fill('ping');
  await dataPath.customValue(0).fill('"10"');
  await page.getByTestId(TestId.dataPath.customFieldAdd).click();
  await dataPath.customKey(1).fill('genkey');
  await expect(dataPath.customProblem(0)).toHaveText('מקבל: ping <0–86400 שניות>');
  await expect(dataPath.customProblem(1)).toHaveText('אינו מפתח מותאם מותר (בחרו מפתח מההצעות): genkey');
  await dataPath.customProblem(1).scrollIntoViewIfNeeded();
  await snap('data-path-custom-rows-he-IL');
  await dataPath.profiles.cancel();
  await expect(dataPath.profiles.dialog).toBeHidden();

  await dataPath.openCertificateDialog();
  await dataPath.certificateField('cn').fill('מחשב נייד');
  await expect(dataPath.certificateFieldError('certificateCN')).toHaveText(
    'CN של התעודה יכול להכיל רק אותיות A-Z ו-a-z, ספרות 0-9, נקודה (.), קו תחתון (_), מקף (-) ו-@, עד 64 תווים',
  );
  // The dialog's opening transition is over before the picture.
  await expect(page.locator('.bp6-overlay-enter-active, .bp6-overlay-exit-active')).toHaveCount(0);
  await snap('data-path-certificate-cn-he-IL');
});
