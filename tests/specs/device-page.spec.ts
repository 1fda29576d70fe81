import { readFileSync } from 'node:fs';
import {
  API,
  API_BASE,
  apiPaths,
  devicePath,
  DeviceType,
  parseCsv,
  pathOf,
  Permission,
  TestId,
  WALL_DISPLAY_SEEN_EVERY_MS,
  type DeviceBulkResult,
} from '@halo/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiLogin, type ApiSession } from '../fixtures/apiLogin';
import { DevicesScreen } from '../fixtures/pages/DevicesScreen';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * From the whole fleet to one device, and to many at once (issue 28): a device whose links the
 * test takes down through the simulator shows among Home's problems, its name opens its page,
 * and the page's timeline shows the link going down; a user allowed only some devices disables
 * 50 and the report names the refused ones; the table's CSV reads back; a saved view reopens
 * from its link; a HeatSight cell leads to a device page; the reports answer and export.
 */
test.use({
  stackEnv: {
    HALO_E2E_STACK: 'device-page',
    HALO_SIM_DEVICES: '50',
    HALO_SIM_CHANGE_FRACTION: '0.02',
  },
});

const PASSWORD = 'Str0ng-Passw0rd!';

/** The admin's API session and people calls made with it (an API login ends the admin's browser session). */
async function adminOf(request: APIRequestContext, password: string) {
  const admin = await apiLogin(request, 'admin', password);
  return { admin, people: new PeopleApi(request, admin.headers, admin.environmentId) };
}

/** A user of the root environment with these permissions (and the spec's one password). */
const operator = (
  people: PeopleApi,
  username: string,
  permissions: number[],
  more: { allowed_devices?: number[] } = {},
) => people.createUser({ username, password: PASSWORD, email: `${username}@example.test`, permissions, ...more });

interface StateRow {
  id: number;
  name: string;
  availability: number | null;
  type?: number;
  is_enabled?: boolean;
  links?: Record<string, { online: number; total: number }>;
  location?: { coordinate?: number[] } | null;
}

async function fleetOf(request: APIRequestContext, session: ApiSession): Promise<StateRow[]> {
  const answer = await request.get(`${API_BASE}${apiPaths.devices.devicesState(session.environmentId)}`, {
    headers: session.headers,
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { devices_state: StateRow[] }).devices_state;
}

/** Every link key of a device (`cellular:0`, `eth:1`, ...) from its live link counts. */
const linkKeysOf = (device: StateRow) =>
  Object.entries(device.links ?? {}).flatMap(([kind, counts]) =>
    Array.from({ length: counts.total }, (_, index) => `${kind}:${index}`),
  );

async function setLink(request: APIRequestContext, admin: ApiSession, id: number, key: string, up: boolean) {
  const answer = await request.post(
    `${API_BASE}${pathOf(API.simulator.setLink, { environmentId: admin.environmentId, id })}`,
    { headers: admin.headers, data: { key, up } },
  );
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A language and a theme the flows are run and pictured in. */
interface Look {
  readonly language: 'en-US' | 'he-IL';
  readonly theme: 'light' | 'dark';
}

const EN_LIGHT: Look = { language: 'en-US', theme: 'light' };
const HE_DARK: Look = { language: 'he-IL', theme: 'dark' };
/** Each flow runs in both: between them, both languages and both themes. */
const FLOW_LOOKS = [EN_LIGHT, HE_DARK] as const;
/** The device page is pictured in the other two as well. */
const OTHER_LOOKS: readonly Look[] = [
  HE_DARK,
  { language: 'en-US', theme: 'dark' },
  { language: 'he-IL', theme: 'light' },
];
const lookName = (look: Look) => `${look.language}-${look.theme}`;

/** The page opens in the look (set before the application reads it), and says so once open. */
async function wear(page: Page, look: Look) {
  await page.addInitScript(({ language, theme }) => {
    window.localStorage.setItem('lang', language);
    window.localStorage.setItem('theme', theme);
  }, look);
}

async function expectLook(page: Page, look: Look) {
  await expect(page.locator('html')).toHaveAttribute('dir', look.language === 'he-IL' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
  const dark = page.locator('body.bp6-dark');
  if (look.theme === 'dark') await expect(dark).toHaveCount(1);
  else await expect(dark).toHaveCount(0);
}

/** A browser context of its own (another user's session beside the page's), in a look. */
async function lookPage(browser: Browser, baseURL: string, look: Look) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await wear(page, look);
  return page;
}

test('a Home problem opens the device page, whose timeline shows the link the simulator took down', async ({
  page,
  browser,
  request,
  snap,
  stack,
}) => {
  test.setTimeout(180_000);
  const { admin, people } = await adminOf(request, stack.adminPassword);
  await operator(people, 'noc-viewer', [Permission.DEVICES_VIEW, Permission.LOGS_VIEW]);
  // A connected device with its links up: every link taken down makes it one of Home's problems.
  const target = (await fleetOf(request, admin)).find(
    (device) =>
      device.availability === 1 &&
      linkKeysOf(device).length > 0 &&
      Object.values(device.links ?? {}).every((counts) => counts.online === counts.total),
  );
  expect(target, 'a connected device with every link up').toBeDefined();
  const keys = linkKeysOf(target!);
  for (const key of keys) await setLink(request, admin, target!.id, key, false);

  await loginThroughUi(page, 'noc-viewer', PASSWORD);
  const problem = page.getByTestId(TestId.home.problem(target!.id));
  await expect(problem).toBeVisible({ timeout: 30_000 });
  await snap('device-home-problem');
  await problem.locator('.home-problem-name').click();
  await expect(page).toHaveURL(new RegExp(`${devicePath(target!.id)}(\\?.*)?$`));
  await expect(page.getByTestId(TestId.devicePage.name)).toHaveText(target!.name);

  // The timeline's lane of the first link ends down; the connection lane is there too.
  const lane = page.getByTestId(TestId.devicePage.lane(keys[0]!));
  await expect(lane.locator('[data-state="down"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(TestId.devicePage.lane('connection'))).toBeVisible();
  await expect(page.getByTestId(TestId.devicePage.status)).toBeVisible();
  await page.mouse.move(900, 700);
  await snap('device-page');
  await page.getByTestId(TestId.devicePage.timeline).scrollIntoViewIfNeeded();
  await snap('device-page-timeline');

  // The window is in the address: 1 hour.
  await page.getByTestId(TestId.timeWindow.choice('1h')).click();
  await expect(page).toHaveURL(/window=1h/);
  await expect(lane.locator('[data-state="down"]').first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId(TestId.devicePage.timeline).scrollIntoViewIfNeeded();
  await snap('device-page-timeline-1h');

  // The same page in the other looks: right to left, dark, and both.
  for (const look of OTHER_LOOKS) {
    const other = await lookPage(browser, stack.baseURL, look);
    await loginThroughUi(other, 'noc-viewer', PASSWORD);
    await other.goto(`${devicePath(target!.id)}?window=1h`);
    await expect(other.getByTestId(TestId.devicePage.name)).toHaveText(target!.name, { timeout: 30_000 });
    await expectLook(other, look);
    await expect(
      other.getByTestId(TestId.devicePage.lane(keys[0]!)).locator('[data-state="down"]').first(),
    ).toBeVisible({ timeout: 30_000 });
    await other.mouse.move(900, 700);
    await snap(`device-page-${lookName(look)}`, other);
    await other.getByTestId(TestId.devicePage.timeline).scrollIntoViewIfNeeded();
    await snap(`device-page-timeline-${lookName(look)}`, other);
    await other.context().close();
  }
  for (const key of keys) await setLink(request, admin, target!.id, key, true);
});

for (const [index, look] of FLOW_LOOKS.entries())
  test(`${lookName(look)}: a user allowed only some devices disables 50; the report names the refused ones`, async ({
    page,
    request,
    snap,
    stack,
  }) => {
    test.setTimeout(180_000);
    const { admin, people } = await adminOf(request, stack.adminPassword);
    const fleet = (await fleetOf(request, admin)).sort((a, b) => a.id - b.id);
    expect(fleet).toHaveLength(50);
    // Each look's user is allowed another 20 (the first look's are put back at its end anyway).
    const allowed = fleet.slice(index * 20, index * 20 + 20).map((device) => device.id);
    await operator(people, `field-tech-${index}`, [Permission.DEVICES_VIEW, Permission.DEVICES_UPDATE], {
      allowed_devices: allowed,
    });
    await wear(page, look);
    await loginThroughUi(page, `field-tech-${index}`, PASSWORD);
    await expectLook(page, look);
    const devices = new DevicesScreen(page);
    await devices.open();
    await page.mouse.move(900, 700); // off the menu rail, which folds away
    await devices.settled();

    // A click and a shift-click tick a range of the rows shown.
    const shown = await devices.shownDevices();
    const box = (id: number) =>
      page.getByTestId(TestId.devicesBulk.rowCheckbox(id)).locator('xpath=ancestor-or-self::label[1]');
    await box(shown[0]!.id).click();
    await box(shown[3]!.id).click({ modifiers: ['Shift'] });
    for (const device of shown.slice(0, 4))
      await expect(page.getByTestId(TestId.devicesBulk.rowCheckbox(device.id))).toBeChecked();
    await expect(page.getByTestId(TestId.devicesBulk.count)).toContainText('4');
    // Then every device the (empty) filter matches: all 50.
    await page.getByTestId(TestId.devicesBulk.selectMatching).click();
    await expect(page.getByTestId(TestId.devicesBulk.count)).toContainText('50');
    await snap(`devices-bulk-selection-${lookName(look)}`);

    await page.getByTestId(TestId.devicesBulk.actions).click();
    await page.getByTestId(TestId.devicesBulk.action('disable')).click();
    await expect(page.getByTestId(TestId.devicesBulk.question)).toContainText('50');
    // Before the run: how many of the 50 this user may change (a dry run), and why not the others.
    const reach = page.getByTestId(TestId.devicesBulk.reach);
    await expect(reach).toHaveAttribute('data-state', 'some', { timeout: 20_000 });
    await expect(reach).toHaveAttribute('data-may', '20');
    await expect(reach).toContainText(
      look.language === 'he-IL'
        ? 'מותר לך לשנות 20 מתוך 50 ההתקנים שנבחרו'
        : 'You may change 20 of the 50 selected devices',
    );
    await expect(reach).toContainText(
      look.language === 'he-IL' ? 'ברשימת ההתקנים המורשים שלך' : '30 are not in your allowed devices',
    );
    await page.waitForTimeout(400); // the dialog's fade-in, for the picture
    await snap(`devices-bulk-confirm-${lookName(look)}`);
    await page.getByTestId(TestId.devicesBulk.confirm).click();
    const report = page.getByTestId(TestId.devicesBulk.report);
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId(TestId.devicesBulk.reportSummary)).toContainText('20');
    await expect(page.getByTestId(TestId.devicesBulk.reportSummary)).toContainText('30');
    const refusedOne = fleet.find((device) => !allowed.includes(device.id))!;
    await expect(page.getByTestId(TestId.devicesBulk.refused(refusedOne.id))).toContainText(refusedOne.name);
    await expect(page.getByTestId(TestId.devicesBulk.refused(refusedOne.id))).toContainText(
      look.language === 'he-IL' ? 'לא ברשימת ההתקנים המורשים שלך' : 'Not in your allowed devices',
    );
    await expect(page.getByTestId(TestId.devicesBulk.refused(allowed[0]!))).toHaveCount(0);
    await snap(`devices-bulk-report-${lookName(look)}`);

    // The table marks the devices now disabled in its Enabled column, and only those.
    await page.getByTestId(TestId.devicesBulk.close).click();
    await page.getByTestId(TestId.devicesBulk.clear).click();
    await page.mouse.move(900, 700);
    // The last allowed device and the next ones: their names share all but the last digit.
    const lastAllowed = fleet[index * 20 + 19]!;
    const nextOne = fleet[index * 20 + 20]!;
    await devices.search(`-${/\d+$/.exec(lastAllowed.name)![0].slice(0, -1)}`);
    await expect(devices.cell('enabled', lastAllowed.id)).toHaveAttribute('data-enabled', 'false');
    await expect(devices.cell('enabled', lastAllowed.id)).toHaveText(look.language === 'he-IL' ? 'מושבת' : 'Disabled');
    const nextCell = devices.cell('enabled', nextOne.id);
    if (nextOne.is_enabled === false) await expect(nextCell).toHaveAttribute('data-enabled', 'false');
    else await expect(nextCell).toHaveText(look.language === 'he-IL' ? 'מופעל' : 'Enabled');
    await snap(`devices-enabled-column-${lookName(look)}`);

    // What the provider holds: exactly the allowed 20 disabled, the others as they were.
    const after = new Map((await fleetOf(request, admin)).map((device) => [device.id, device]));
    for (const device of fleet) {
      const now = after.get(device.id);
      expect(now?.is_enabled, device.name).toBe(allowed.includes(device.id) ? false : device.is_enabled);
    }
    // Put back for the next tests, by the manager (53 reaches every device).
    const back = await request.post(`${API_BASE}${pathOf(API.devices.bulk, { environmentId: admin.environmentId })}`, {
      headers: admin.headers,
      data: { action: 'enable', device_ids: allowed },
    });
    expect(back.status()).toBe(200);
    expect(((await back.json()) as DeviceBulkResult).done).toHaveLength(20);
  });

for (const [index, look] of FLOW_LOOKS.entries())
  test(`${lookName(look)}: the filtered table exports as CSV, and a saved view reopens from its link`, async ({
    page,
    request,
    snap,
    stack,
  }) => {
    test.setTimeout(120_000);
    const { admin, people } = await adminOf(request, stack.adminPassword);
    await operator(people, `view-keeper-${index}`, [Permission.DEVICES_VIEW]);
    const viewName = look.language === 'he-IL' ? 'העשירייה, מהסוף להתחלה' : 'the tens, last first';
    const fleet = await fleetOf(request, admin);
    // Ten of the fifty (…-000010 to …-000019): the export holds what the filter shows, not the fleet.
    const wanted = fleet.filter((device) => device.name.includes('-00001')).map((device) => device.name);
    expect(wanted.length).toBeGreaterThan(1);
    expect(wanted.length).toBeLessThan(fleet.length);

    await wear(page, look);
    await loginThroughUi(page, `view-keeper-${index}`, PASSWORD);
    await expectLook(page, look);
    const devices = new DevicesScreen(page);
    await devices.open();
    await page.mouse.move(900, 700); // off the menu rail, which folds away
    await devices.search('-00001');
    await devices.sortBy('name', 'desc');
    // The filter and the sort are in the address.
    await expect(page).toHaveURL(/q=-00001/);
    await expect(page).toHaveURL(/sort=name\.desc/);

    const downloading = page.waitForEvent('download');
    await page.getByTestId(TestId.devicesBulk.export).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const [header, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8')).filter((row) => row.length > 1);
    // The header is in the reader's language: the names' column is the one holding the devices' names.
    const nameColumn = header!.findIndex((_, column) => rows.every((row) => wanted.includes(row[column] ?? '')));
    expect(nameColumn, `a column of names in ${header!.join(', ')}`).toBeGreaterThanOrEqual(0);
    const names = rows.map((row) => row[nameColumn]);
    expect(names).toEqual([...wanted].sort().reverse());
    // Beside the table's columns: whether each is enabled and its coordinates (no groups for a user who may not see them).
    const he = look.language === 'he-IL';
    expect(header).toEqual(
      expect.arrayContaining(he ? ['מופעל', 'קו רוחב', 'קו אורך'] : ['Enabled', 'Latitude', 'Longitude']),
    );
    expect(header).not.toContain(he ? 'קבוצות' : 'Groups');
    const latitudes = rows.map((row) => row[header!.indexOf(he ? 'קו רוחב' : 'Latitude')] ?? '');
    expect(
      latitudes.every((cell) => cell === '' || Math.abs(Number(cell)) <= 90),
      latitudes.join(','),
    ).toBe(true);
    expect(latitudes.some((cell) => cell !== '')).toBe(true);

    // Saved under a name, then opened from a fresh table and from its link.
    await page.getByTestId(TestId.devicesBulk.views).click();
    await page.getByTestId(TestId.devicesBulk.viewSave).click();
    await page.getByTestId(TestId.devicesBulk.viewName).fill(viewName);
    await page.waitForTimeout(400); // the dialog's fade-in, for the picture
    await snap(`devices-view-save-${lookName(look)}`);
    await page.getByTestId(TestId.devicesBulk.viewSaveConfirm).click();
    const link = page.url();

    // The link opens the same view in another tab.
    const other = await page.context().newPage();
    await other.goto(link);
    await expectLook(other, look);
    const otherDevices = new DevicesScreen(other);
    await expect(otherDevices.searchBox).toHaveValue('-00001', { timeout: 20_000 });
    await otherDevices.settled();
    expect((await otherDevices.shownDevices())[0]?.name).toBe([...wanted].sort().reverse()[0]);
    await other.close();

    // And from the Views menu of a fresh table.
    await page.goto('/config/devices');
    await page.mouse.move(900, 700);
    await devices.settled();
    await expect(devices.searchBox).toHaveValue('');
    await page.getByTestId(TestId.devicesBulk.views).click();
    const item = page.locator('[data-testid^="devices-view-"]').filter({ hasText: viewName }).first();
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(/q=-00001/);
    await expect(page).toHaveURL(/sort=name\.desc/);
    await expect(devices.searchBox).toHaveValue('-00001');
    await snap(`devices-view-opened-${lookName(look)}`);

    // Renamed from the menu: the same view under its new name.
    const newName = look.language === 'he-IL' ? 'העשירייה השנייה' : 'the second ten';
    await page.getByTestId(TestId.devicesBulk.views).click();
    const viewId = Number((await item.getAttribute('data-testid'))?.replace('devices-view-', ''));
    await page.getByTestId(TestId.devicesBulk.viewRename(viewId)).click();
    await expect(page.getByTestId(TestId.devicesBulk.viewName)).toHaveValue(viewName);
    await page.getByTestId(TestId.devicesBulk.viewName).fill(newName);
    await page.waitForTimeout(400); // the dialog's fade-in, for the picture
    await snap(`devices-view-rename-${lookName(look)}`);
    await page.getByTestId(TestId.devicesBulk.viewSaveConfirm).click();
    await expect(page.getByTestId(TestId.devicesBulk.viewName)).toHaveCount(0);
    await page.getByTestId(TestId.devicesBulk.views).click();
    await expect(page.getByTestId(TestId.devicesBulk.view(viewId))).toHaveText(newName);
  });

for (const [index, look] of FLOW_LOOKS.entries())
  test(`${lookName(look)}: a HeatSight cell lists its devices, and one opens its page`, async ({
    page,
    request,
    snap,
    stack,
  }) => {
    test.setTimeout(120_000);
    // Read the fleet as a watcher of its own: the admin's API login would end the browser's session.
    const { people } = await adminOf(request, stack.adminPassword);
    await operator(people, `map-watcher-${index}`, [Permission.DEVICES_VIEW]);
    const watcher = await apiLogin(request, `map-watcher-${index}`, PASSWORD);
    const located = (await fleetOf(request, watcher)).find((device) => Array.isArray(device.location?.coordinate));
    expect(located, 'a device with a position').toBeDefined();
    const [longitude, latitude] = located!.location!.coordinate!;

    await wear(page, look);
    await loginThroughUi(page, 'admin', stack.adminPassword);
    await expectLook(page, look);
    // Opened with no view named, the map fits the fleet.
    await page.goto('/services/heatsight');
    const map = page.getByTestId(TestId.heatSight.map);
    await expect(page.getByTestId(TestId.heatSight.status)).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
    await page.mouse.move(900, 700);
    await snap(`heatsight-fitted-${lookName(look)}`);

    // A cell around one device, zoomed out of the markers: hover says what is there, a click lists it.
    await page.goto(`/services/heatsight?lon=${longitude}&lat=${latitude}&zoom=8`);
    await expect(page.getByTestId(TestId.heatSight.status)).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
    const box = (await map.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const tooltip = page.getByTestId(TestId.heatSight.tooltip);
    await expect
      .poll(
        async () => {
          await page.mouse.move(centre.x + 1, centre.y);
          await page.mouse.move(centre.x, centre.y);
          return (await tooltip.isVisible()) ? await tooltip.textContent() : '';
        },
        { timeout: 20_000, intervals: [1000] },
      )
      .not.toBe('');
    await snap(`heatsight-hover-${lookName(look)}`);
    await page.mouse.click(centre.x, centre.y);
    const panel = page.getByTestId(TestId.heatSight.cellPanel);
    await expect(panel).toBeVisible({ timeout: 10_000 });
    const first = panel.locator('[data-testid^="heatsight-cell-device-"]').first();
    await expect(first).toBeVisible();
    await snap(`heatsight-cell-panel-${lookName(look)}`);
    const name = (await first.locator('a').first().textContent())?.trim() ?? '';
    await first.locator('a').first().click();
    await expect(page).toHaveURL(/\/config\/devices\/\d+/);
    await expect(page.getByTestId(TestId.devicePage.name)).toHaveText(name, { timeout: 30_000 });
    await page.mouse.move(900, 700);
    await snap(`heatsight-device-page-${lookName(look)}`);

    // Back: HeatSight as it was left, the cell still open and listed again (issue 39, item 16).
    await page.goBack();
    await expect(page.getByTestId(TestId.heatSight.status)).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.locator('[data-testid^="heatsight-cell-device-"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText(name);
    await page.mouse.move(900, 700);
    await snap(`heatsight-back-${lookName(look)}`);
  });

test('Home tells when each wall display was last seen, not only when it was issued (issue 39, item 12)', async ({
  browser,
  request,
  snap,
  stack,
}) => {
  test.setTimeout(120_000);
  const { admin } = await adminOf(request, stack.adminPassword);
  const issued = await request.post(`${API_BASE}${apiPaths.wallDisplays.list(admin.environmentId)}`, {
    headers: admin.headers,
    data: { label: 'Lobby wall' },
  });
  expect(issued.status()).toBe(201);
  const { id, url } = (await issued.json()) as { id: number; url: string };
  const issuedAt = Date.now();
  const address = new URL(url);
  const wallContext = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1920, height: 1080 } });
  const wall = await wallContext.newPage();
  await wall.goto(`${address.pathname}${address.hash}`);
  await expect(wall.getByTestId(TestId.wall.count('total'))).toBeVisible({ timeout: 30_000 });
  // The wall's socket is checked with the upstream every few seconds: once its last seen may move
  // again, the next check writes it, a second or so later.
  await new Promise((resolve) => setTimeout(resolve, issuedAt + WALL_DISPLAY_SEEN_EVERY_MS + 5000 - Date.now()));
  await expect(wall.getByTestId(TestId.wall.count('total'))).toBeVisible();
  const clockOf = (text: string | null) => /\d{2}:\d{2}:\d{2}/.exec(text ?? '')?.[0] ?? '';
  for (const look of FLOW_LOOKS) {
    const looking = await lookPage(browser, stack.baseURL, look);
    await loginThroughUi(looking, 'admin', stack.adminPassword);
    await expectLook(looking, look);
    const row = looking.getByTestId(TestId.home.wallDisplayRow(id));
    await expect(row).toBeVisible({ timeout: 30_000 });
    const issuedText = clockOf(await looking.getByTestId(TestId.home.wallDisplayIssued(id)).textContent());
    const seenText = clockOf(await looking.getByTestId(TestId.home.wallDisplaySeen(id)).textContent());
    expect(issuedText).not.toBe('');
    expect(seenText > issuedText, `last seen ${seenText}, issued ${issuedText}`).toBe(true);
    // The wall is still live for its manager's own sign-in in another browser.
    await expect(wall.getByTestId(TestId.wall.message)).toHaveCount(0);
    await row.scrollIntoViewIfNeeded();
    await snap(`home-wall-last-seen-${lookName(look)}`, looking);
    await looking.context().close();
  }
  await wallContext.close();
});

test('the reports show availability and firmware in use, and export them', async ({
  page,
  browser,
  request,
  snap,
  stack,
}) => {
  test.setTimeout(120_000);
  const { people } = await adminOf(request, stack.adminPassword);
  await operator(people, 'report-reader', [Permission.DEVICES_VIEW]);
  await loginThroughUi(page, 'report-reader', PASSWORD);
  await page.getByTestId(TestId.shell.menuItem('reports')).click();
  await expect(page).toHaveURL(/\/services\/reports/);
  await page.mouse.move(900, 700);
  await expect(page.getByTestId(TestId.reports.availabilityTotal)).toContainText('%', { timeout: 30_000 });
  // The total's time is a sum over the devices, and says so (issue 39, item 16).
  await expect(page.getByTestId(TestId.reports.availabilityTotal)).toContainText('Time observed, devices added up');
  await expect(
    page.getByTestId(TestId.reports.availabilityTable).locator('[data-testid^="reports-availability-row-"]').first(),
  ).toBeVisible();
  await expect(page.getByTestId(TestId.reports.firmwareTable)).toBeVisible();
  await snap('reports');

  const downloading = page.waitForEvent('download');
  await page.getByTestId(TestId.reports.availabilityExport).click();
  const download = await downloading;
  const rows = parseCsv(readFileSync(await download.path(), 'utf8')).filter((row) => row.length > 1);
  // A header and the 50 devices (the total line, if any, besides).
  expect(rows.length).toBeGreaterThanOrEqual(51);

  const firmwareDownload = page.waitForEvent('download');
  await page.getByTestId(TestId.reports.firmwareExport).click();
  const firmware = parseCsv(readFileSync(await (await firmwareDownload).path(), 'utf8')).filter(
    (row) => row.length > 1,
  );
  expect(firmware.length).toBeGreaterThan(1);

  const hebrew = await lookPage(browser, stack.baseURL, HE_DARK);
  await loginThroughUi(hebrew, 'report-reader', PASSWORD);
  await hebrew.goto('/services/reports');
  await expect(hebrew.getByTestId(TestId.reports.availabilityTotal)).toContainText('%', { timeout: 30_000 });
  await expect(hebrew.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(hebrew.getByTestId(TestId.reports.availabilityTotal)).toContainText('סכום כל ההתקנים');
  await hebrew.mouse.move(900, 700);
  await snap('reports-he-IL-dark', hebrew);
  await hebrew.context().close();
});

test('Home’s "and N more" opens the devices needing attention; a DroneCommX page tells its links and location once (issue 39, item 16)', async ({
  browser,
  request,
  snap,
  stack,
}) => {
  test.setTimeout(180_000);
  const { admin } = await adminOf(request, stack.adminPassword);
  const fleet = await fleetOf(request, admin);
  const droneCommX = fleet.find((device) => device.type === DeviceType.DRONECOMMX);
  expect(droneCommX, 'a simulated DroneCommX device').toBeDefined();
  // More problems than Home lists (10): every link of 12 connected devices taken down.
  const downed = fleet
    .filter(
      (device) =>
        device.availability === 1 &&
        device.id !== droneCommX!.id &&
        linkKeysOf(device).length > 0 &&
        Object.values(device.links ?? {}).every((counts) => counts.online === counts.total),
    )
    .slice(0, 12);
  expect(downed).toHaveLength(12);
  for (const device of downed)
    for (const key of linkKeysOf(device)) await setLink(request, admin, device.id, key, false);
  for (const look of FLOW_LOOKS) {
    const looking = await lookPage(browser, stack.baseURL, look);
    await loginThroughUi(looking, 'admin', stack.adminPassword);
    // Half the churning fleet is down: more problems than Home lists.
    const more = looking.getByTestId(TestId.home.moreProblems);
    await expect(more).toBeVisible({ timeout: 30_000 });
    // The link says how many it opens: the table's count, as Home's summary sees them by their state.
    await expect(more).toContainText(/\d+/);
    await snap(`home-needing-attention-${lookName(look)}`, looking);
    await more.click();
    await expect(looking).toHaveURL(/\/config\/devices\?status=problems$/);
    const devices = new DevicesScreen(looking);
    await expect(devices.statusFilter).toHaveValue('problems');
    await expect(devices.visibleCount).toContainText(look.language === 'he-IL' ? '50' : 'of 50 devices');
    // Not one of them healthy: each is not connected, or connected with an alert.
    const shown = await devices.columnCells('connection').allInnerTexts();
    expect(shown.length).toBeGreaterThan(10);
    await looking.mouse.move(900, 700);
    await snap(`devices-needing-attention-${lookName(look)}`, looking);

    await looking.goto(devicePath(droneCommX!.id));
    const panel = looking.getByTestId(TestId.devicePage.panel('dronecommx'));
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByTestId(TestId.devices.cell('panelGnss', droneCommX!.id))).toBeVisible();
    await expect(panel.getByTestId(TestId.devices.panelLinks('cellular'))).toHaveCount(0);
    await expect(panel.getByTestId(TestId.devices.panelLocation)).toHaveCount(0);
    await expect(looking.getByTestId(TestId.devicePage.panel('links'))).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await snap(`device-page-dronecommx-${lookName(look)}`, looking);
    await looking.context().close();
  }
  // The browser's sign-in ended the API's session: a new one puts the links back.
  const { admin: again } = await adminOf(request, stack.adminPassword);
  for (const device of downed)
    for (const key of linkKeysOf(device)) await setLink(request, again, device.id, key, true);
});
