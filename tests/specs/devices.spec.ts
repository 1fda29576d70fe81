import { API_BASE, apiPaths, TestId } from '@halo/shared';
import type { APIRequestContext } from '@playwright/test';
import { PeopleApi } from '../fixtures/peopleApi';
import { setControl } from '../fixtures/controls';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * The Devices screen against the simulator: the dialog's server fields and API errors,
 * search and status filter on the live table, CSV import, and live changes without a reload.
 */
const SIMULATED_DEVICES = 30;
test.use({
  stackEnv: {
    HALO_E2E_STACK: 'devices',
    HALO_SIM_DEVICES: String(SIMULATED_DEVICES),
    HALO_SIM_CHANGE_FRACTION: '0.3',
  },
});

test('add a client and a server, refuse an overlapping range and a duplicate name, edit, search, filter, delete', async ({
  page,
  devices,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await devices.open();
  await expect(devices.visibleCount).toContainText(`of ${SIMULATED_DEVICES} devices`);

  // A client with the section 3 defaults.
  await devices.openAdd();
  await expect(devices.dialogTitle).toHaveText('Add device');
  await expect(devices.field('is_enabled')).toBeChecked();
  await expect(devices.field('is_server')).not.toBeChecked();
  await devices.fill({ name: 'e2e-client-1', pairing_id: 'E2E-SN-1' });
  await devices.saveAndClose();

  // A server: addresses and ports appear with the switch.
  await devices.openAdd();
  await devices.fill({ name: 'e2e-server-1', pairing_id: 'E2E-SN-2' });
  await devices.fillServer('10.1.0.1', 40000, 40100);
  await page.getByTestId(TestId.devices.ipAdd).click();
  await page.getByTestId(TestId.devices.ipAddress(1)).fill('10.1.0.2');
  await snap('devices-add-server');
  await devices.saveAndClose();

  // Error 52: a range that overlaps the first server's, which is named.
  await devices.openAdd();
  await devices.fill({ name: 'e2e-server-2', pairing_id: 'E2E-SN-3' });
  await devices.fillServer('10.1.0.3', 40050, 40200);
  await devices.save();
  await expect(devices.formError).toHaveText('Device port range overlaps with other device');
  await expect(devices.formErrorDetail).toHaveText(
    'The port range overlaps server e2e-server-1, which holds ports 40000-40100',
  );
  await snap('devices-port-overlap');
  await devices.cancel();

  // Error 51: a pairing id another device holds, and which device that is.
  await devices.openAdd();
  await devices.fill({ name: 'e2e-client-2', pairing_id: 'e2e-sn-1' });
  await devices.save();
  await expect(devices.formError).toHaveText('Device parameters already exists');
  await expect(devices.formErrorDetail).toHaveText('A device with pairing id E2E-SN-1 already exists: e2e-client-1');
  await devices.cancel();

  // A new server is proposed a range no other server holds: its defaults save as they are.
  await devices.openAdd();
  await devices.fill({ name: 'e2e-server-3', pairing_id: 'E2E-SN-5' });
  await setControl(devices.field('is_server'), true);
  await page.getByTestId(TestId.devices.ipAddress(0)).fill('10.1.0.5');
  const proposed = {
    from: Number(await page.getByTestId(TestId.devices.portFrom).inputValue()),
    to: Number(await page.getByTestId(TestId.devices.portTo).inputValue()),
  };
  expect(proposed.from > 40100 || proposed.to < 40000).toBe(true);
  await devices.saveAndClose();

  // Error 50: a name already taken.
  await devices.openAdd();
  await devices.fill({ name: 'e2e-client-1', pairing_id: 'E2E-SN-4' });
  await devices.save();
  await expect(devices.formError).toHaveText('Device name already exists');
  await devices.cancel();

  // Search finds the two new devices; they are not activated yet.
  await devices.search('e2e-');
  await expect(devices.visibleCount).toContainText(/\b3 of \d+ devices/);
  const serverId = await devices.idOf('e2e-server-1');
  await expect(devices.cell('role', serverId)).toHaveText('Server');
  await expect(devices.cell('connection', serverId)).toHaveText('Non-activated');
  await expect(devices.cell('links', serverId)).toHaveText('-');
  await expect(devices.cell('type', serverId)).toHaveAttribute('data-chip', 'notActivated');

  // Edit: the stored policy and ports come back; rename.
  await (await devices.rowButton('e2e-client-1', 'edit')).click();
  await expect(devices.dialogTitle).toHaveText('Edit device');
  await expect(devices.field('name')).toHaveValue('e2e-client-1');
  await devices.fill({ name: 'e2e-client-1b' });
  await devices.saveAndClose();
  await expect(devices.nameCell('e2e-client-1b')).toBeVisible();

  // Filter by status: only non-activated devices, the new ones among them.
  await devices.search('');
  await devices.filterBy('nonActivated');
  await expect(page).toHaveURL(/status=nonActivated/);
  // The table redraws for the filter a moment after the URL shows it: ask until it has.
  await expect
    .poll(async () => [...new Set(await devices.columnCells('connection').allInnerTexts())])
    .toEqual(['Non-activated']);
  await snap('devices-filter-non-activated');
  await devices.filterBy('all');

  // Delete.
  await devices.search('e2e-client-1b');
  await (await devices.rowButton('e2e-client-1b', 'delete')).click();
  await expect(devices.deleteAlert).toBeVisible();
  await devices.confirm(devices.deleteAlert);
  await expect(devices.nameCell('e2e-client-1b')).toHaveCount(0);
  await expect(devices.empty).toBeVisible();
});

test('the header checkbox selects every row on screen with a mouse click, and a second click clears them', async ({
  page,
  devices,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await devices.open();
  await page.mouse.move(900, 700); // off the menu rail, which folds away
  await devices.settled();
  const header = devices.visibleRowsCheckbox();
  const headerBox = page.locator('.bp6-table-quadrant-top').getByTestId(TestId.devicesBulk.visibleCheckbox);
  await expect(headerBox).not.toBeChecked();

  // A mouse click, as an operator makes it (Space on the focused box always worked).
  await header.click();
  await expect(headerBox).toBeChecked();
  const checked = await devices.rowsChecked();
  expect(checked.size).toBeGreaterThan(0);
  expect([...checked.values()].every(Boolean), JSON.stringify([...checked])).toBe(true);
  await expect(page.getByTestId(TestId.devicesBulk.count)).toContainText(String(checked.size));
  await snap('devices-select-visible');

  await header.click();
  await expect(headerBox).not.toBeChecked();
  expect([...(await devices.rowsChecked()).values()].some(Boolean)).toBe(false);
  await expect(page.getByTestId(TestId.devicesBulk.bar)).toHaveCount(0);
});

test('Back from a device’s page opens the table where it was left, not at its top (issue 39, item 10)', async ({
  page,
  devices,
  stack,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await devices.open();
  await page.mouse.move(900, 700);
  await devices.settled();
  const scroller = page.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
  const rowHeight = await devices
    .columnCells('name')
    .first()
    .evaluate((cell) => cell.getBoundingClientRect().height);
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const left = await scroller.evaluate((element) => element.scrollTop);
  expect(left).toBeGreaterThan(3 * rowHeight);
  // The last row's device: on screen only when scrolled down.
  const last = page.locator('.bp6-table-quadrant-main [data-testid^="devices-cell-name-"]').last();
  await last.click();
  await expect(page).toHaveURL(/\/config\/devices\/\d+(\?.*)?$/);
  await expect(page.getByTestId(TestId.devicePage.name)).toBeVisible();
  const opened = Number(/\/config\/devices\/(\d+)/.exec(page.url())?.[1]);
  const cellId = TestId.devices.cell('name', opened);
  await page.goBack();
  await devices.settled();
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollTop), { timeout: 10_000 })
    .toBeGreaterThan(left - 2 * rowHeight);
  await expect(page.locator('.bp6-table-quadrant-main').getByTestId(cellId)).toBeInViewport();
});

test('CSV import reports each row through the catalogue, offers Close after it, and refuses a file that is not a devices file', async ({
  page,
  devices,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await devices.open();
  const csv = [
    'name,pairing_id,type,is_server,ip_addresses,port_from,port_to',
    'csv-good-1,CSV-SN-1,1,false,,,',
    'csv bad name,CSV-SN-2,1,false,,,',
    'csv-hub-1,CSV-SN-3,1,true,10.0.0.300,41000,41099',
    'csv-hub-2,CSV-SN-4,1,true,10.0.0.4,50000,50001',
    'csv-dup-1,SIM1-000001,1,false,,,',
    'csv-short,CSV-SN-6,1',
    '',
  ].join('\n');
  await devices.importCsv('devices.csv', csv);
  await expect(devices.importReport).toBeVisible();
  await expect(devices.importRow(2)).toContainText('csv-good-1');
  await expect(devices.importRow(2).locator('[data-icon="tick-circle"]')).toHaveCount(1);
  await expect(devices.importRow(3)).toContainText('csv bad name');
  await expect(devices.importRow(3).locator('[data-icon="error"]')).toHaveCount(1);
  // Every refusal as a form says it: placeholders filled, fields by their labels, the device in the way.
  await expect(devices.importRowError(3)).toHaveText('Name contains invalid characters');
  await expect(devices.importRowError(4)).toHaveText('IP address 1 is invalid');
  await expect(devices.importRowError(5)).toHaveText('Port range: Port value must be between 1024 and 49151');
  await expect(devices.importRowError(6)).toHaveText(
    'A device with pairing id SIM1-000001 already exists: sim-halo-000001',
  );
  await expect(devices.importRowError(7)).toHaveText('Expected 7 columns, found 3');
  // A finished import offers Close and another file, not the same import again.
  await expect(page.getByTestId(TestId.devices.importSubmit)).toHaveCount(0);
  await expect(page.getByTestId(TestId.devices.importClose)).toBeVisible();
  await expect(page.getByTestId(TestId.devices.importAnother)).toBeVisible();
  await snap('devices-import-report');

  await devices.importCsv('devices.csv', 'this is,not\na devices file\n');
  await expect(devices.importError).toHaveText('Invalid devices records file');
  await devices.closeImport();

  await devices.search('csv-');
  await expect(devices.nameCell('csv-good-1')).toBeVisible();
  // One row shown, of the whole fleet.
  await expect(devices.visibleCount).toContainText(/\b1 of \d+ devices/);
});

test('a simulated change reaches the open table without a reload', async ({ page, devices, stack, snap }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await devices.open();
  await expect(devices.liveState).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
  const liveCells = async () =>
    (
      await Promise.all(
        ['connection', 'mainApp', 'links', 'location'].map((column) => devices.columnCells(column).allInnerTexts()),
      )
    )
      .flat()
      .join('|');
  const before = await liveCells();
  await expect.poll(liveCells, { timeout: 45_000, intervals: [500] }).not.toBe(before);
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  await snap('devices-live');
});

test('the DroneCommX panel shows a drone live: links per interface kind and its location', async ({
  page,
  devices,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await devices.open();
  await devices.search('sim-dcx');
  const panelButton = page.locator('[data-testid^="crud-devices-panel-"]').first();
  await expect(panelButton).toBeVisible({ timeout: 20_000 });
  await panelButton.click();
  const panel = page.getByTestId(TestId.devices.panel);
  await expect(panel).toBeVisible();
  for (const kind of ['cellular', 'eth', 'wifi', 'vlan', 'vpn']) {
    await expect(page.getByTestId(TestId.devices.panelLinks(kind))).toBeVisible();
  }
  await expect(page.getByTestId(TestId.devices.panelLocation)).toBeVisible();
  // With the panel beside it the table shrinks its columns: the row's actions stay whole in view.
  await page.mouse.move(700, 700);
  await expect
    .poll(async () => {
      const table = await devices.table.boundingBox();
      const actions = await panelButton
        .locator('xpath=ancestor::span[contains(@class,"devices-actions")]')
        .boundingBox();
      return table && actions ? actions.x >= table.x && actions.x + actions.width <= table.x + table.width : false;
    })
    .toBe(true);
  await snap('devices-dronecommx-panel');
  await page.getByTestId(TestId.devices.panelClose).click();
  await expect(panel).toHaveCount(0);
});

test('an operator may edit and delete only the devices they created', async ({
  page,
  request,
  devices,
  stack,
  snap,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({
    username: 'operator1',
    password: OPERATOR_PASSWORD,
    email: 'operator1@example.com',
    permissions: [50, 51, 52, 54],
  });
  const created = await request.post(`${API_BASE}${apiPaths.devices.list(admin.environmentId)}`, {
    headers: await operatorHeaders(request),
    data: { device: { name: 'op-own-1', pairing_id: 'OP-SN-1' } },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await loginThroughUi(page, 'operator1', OPERATOR_PASSWORD);
  await devices.open();
  await devices.search('op-own-1');
  await expect(await devices.rowButton('op-own-1', 'edit')).toBeEnabled();
  await expect(await devices.rowButton('op-own-1', 'delete')).toBeEnabled();
  await devices.search('sim-halo-000001');
  await expect(await devices.rowButton('sim-halo-000001', 'edit')).toBeDisabled();
  await expect(await devices.rowButton('sim-halo-000001', 'delete')).toBeDisabled();
  await snap('devices-operator-permissions');
});

const OPERATOR_PASSWORD = 'Oper4tor-Pass!';

async function operatorHeaders(request: APIRequestContext) {
  const response = await request.post(`${API_BASE}${apiPaths.auth.login}`, {
    data: { username: 'operator1', password: OPERATOR_PASSWORD, environment_name: 'root' },
  });
  const body = (await response.json()) as { token: { token_type: string; access_token: string } };
  return { Authorization: `${body.token.token_type} ${body.token.access_token}` };
}
