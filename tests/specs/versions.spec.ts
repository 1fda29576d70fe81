import { readFileSync } from 'node:fs';
import { TestId } from '@halo/shared';
import { DevicesScreen } from '../fixtures/pages/DevicesScreen';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * Firmware versions: a meta file is checked and previewed before it is sent, a bad one says
 * so, a duplicate is refused, a device's fixed version is chosen from the definitions, and a
 * version a device is pinned to cannot be deleted.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'versions' } });

const meta = (official: string) =>
  JSON.stringify({
    device_model: 'HALO',
    base_version: '12.6',
    core_version: '12.6.3',
    web_version: '4.1.0',
    official_version: official,
    description: 'Winter release',
    image_size: 48_234_496,
    image_sha256: '9f2c'.padEnd(64, '7'),
  });

const file = (name: string, contents: string) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(contents),
});

test('upload with a preview, refuse a bad file and a duplicate, pin a device, refuse and then delete', async ({
  page,
  stack,
  crud,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.getByTestId(TestId.shell.menuItem('versionsManagement')).click();
  // The rail drawer opens under the pointer; moving away closes it.
  await page.mouse.move(900, 500);
  await expect(page.getByTestId(TestId.versions.empty)).toBeVisible();

  await page.getByTestId(TestId.versions.upload).click();
  const input = page.getByTestId(TestId.versions.dialog).locator('input[type=file]');
  // The dialog documents the format (from the shared schema) and offers a sample made from it.
  const format = page.getByTestId(TestId.versions.format);
  await expect(format).toContainText('image_sha256');
  await expect(format).toContainText('The firmware image’s SHA-256: 64 hexadecimal digits');
  await expect(format).toContainText('description');
  await expect(format).toContainText('(optional)');
  const download = page.waitForEvent('download');
  await page.getByTestId(TestId.versions.sample).click();
  const sample = await download;
  expect(sample.suggestedFilename()).toBe('halo-4.2.17.json');
  const sampleText = readFileSync(await sample.path(), 'utf8');
  expect(Object.keys(JSON.parse(sampleText) as object)).toContain('image_sha256');

  // A bad file says what is wrong with it, key by key.
  await input.setInputFiles(file('halo.json', '{"device_model": "HALO", "rm": "-rf"}'));
  const invalid = page.getByTestId(TestId.versions.invalid);
  await expect(invalid).toContainText('The meta file must have valid contents');
  await expect(invalid).toContainText('The meta file lacks the key base_version');
  await expect(invalid).toContainText('The meta file lacks the key image_sha256');
  await expect(invalid).toContainText('The meta file has a key the format does not know: rm');
  await expect(page.getByTestId(TestId.versions.submit)).toBeDisabled();
  await invalid.scrollIntoViewIfNeeded();
  await snap('versions-upload-invalid');
  // The sample itself passes the same check.
  await input.setInputFiles(file('halo-4.2.17.json', sampleText));
  await expect(page.getByTestId(TestId.versions.preview)).toContainText('4.2.17');
  await input.setInputFiles(file('halo-12.7.0.json', meta('12.7.0')));
  const preview = page.getByTestId(TestId.versions.preview);
  await expect(preview).toContainText('12.7.0');
  await expect(preview).toContainText('46.0 MB');
  await snap('versions-upload-preview');
  await page.getByTestId(TestId.versions.submit).click();
  await expect(page.getByTestId(TestId.versions.dialog)).toBeHidden();
  const row = page.locator('[data-testid^="versions-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('12.7.0');

  // The same model and version again: error 70, shown in the dialog.
  await page.getByTestId(TestId.versions.upload).click();
  await input.setInputFiles(file('again.json', meta('12.7.0')));
  await page.getByTestId(TestId.versions.submit).click();
  await expect(page.getByTestId(TestId.versions.error)).toHaveText('Device model with same FW already exists');
  await page.locator('.bp6-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId(TestId.versions.dialog)).toBeHidden();
  await snap('versions-list');

  // A device is pinned to it through its dialog, which offers the definitions.
  await page.getByTestId(TestId.shell.menuItem('devices')).click();
  const devices = crud('devices');
  await devices.openAdd();
  await devices.fill({ name: 'pinned-cam', pairing_id: 'SN-PINNED-1' });
  await page.getByTestId(TestId.crud.field('devices', 'section-upgrade')).click();
  const fixed = devices.field('fixed_version');
  await expect(fixed.locator('option')).toHaveText(['None (follow auto-upgrade)', '12.7.0']);
  await fixed.selectOption('12.7.0');
  await devices.save();
  await expect(devices.dialog).toBeHidden();

  // Pinned: the delete says by whom.
  await page.getByTestId(TestId.shell.menuItem('versionsManagement')).click();
  await page.mouse.move(900, 500);
  const id = Number((await row.getAttribute('data-testid'))?.replace('versions-row-', ''));
  await page.getByTestId(TestId.versions.delete(id)).click();
  await page.locator('.bp6-alert').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId(TestId.versions.error)).toContainText('Devices are pinned to this firmware version');
  await expect(page.getByTestId(TestId.versions.error)).toContainText('Pinned by: pinned-cam');
  await snap('versions-pinned');
  await page.locator('.bp6-alert').getByRole('button', { name: 'Cancel' }).click();

  // Unpinned in its dialog, the version goes.
  await page.getByTestId(TestId.shell.menuItem('devices')).click();
  await page.mouse.move(900, 500);
  const screen = new DevicesScreen(page);
  await (await screen.rowButton('pinned-cam', 'edit')).click();
  await page.getByTestId(TestId.crud.field('devices', 'section-upgrade')).click();
  await devices.field('fixed_version').selectOption('');
  await devices.save();
  await expect(devices.dialog).toBeHidden();
  await page.getByTestId(TestId.shell.menuItem('versionsManagement')).click();
  await page.mouse.move(900, 500);
  await page.getByTestId(TestId.versions.delete(id)).click();
  await page.locator('.bp6-alert').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId(TestId.versions.empty)).toBeVisible();
});

test('he-IL: versions read right to left', async ({ page, stack, snap }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/admin/versions-management');
  await page.getByTestId(TestId.versions.upload).click();
  await page
    .getByTestId(TestId.versions.dialog)
    .locator('input[type=file]')
    .setInputFiles(file('halo-13.json', meta('13.0.0')));
  await expect(page.getByTestId(TestId.versions.preview)).toContainText('גרסה רשמית');
  await expect(page.getByTestId(TestId.versions.format)).toContainText('64 ספרות הקסדצימליות');
  await snap('versions-upload-he-IL');
  await page
    .getByTestId(TestId.versions.dialog)
    .locator('input[type=file]')
    .setInputFiles(file('halo-13.json', JSON.stringify({ ...JSON.parse(meta('13.0.1')), core_version: undefined })));
  await expect(page.getByTestId(TestId.versions.invalid)).toContainText('בקובץ המטא חסר המפתח core_version');
  await page.getByTestId(TestId.versions.invalid).scrollIntoViewIfNeeded();
  await snap('versions-upload-invalid-he-IL');
});
