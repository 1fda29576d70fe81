import { readFileSync } from 'node:fs';
import { parseCsv, TestId } from '@halo/shared';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/** The Devices table in a right-to-left language: every header stands over its own cells. */
test.use({ stackEnv: { HALO_E2E_STACK: 'devices-he-IL', HALO_SIM_DEVICES: '12' } });

const COLUMNS = ['name', 'pairingId', 'type', 'role', 'connection', 'mainApp', 'links', 'location', 'gnss', 'versions'];

for (const language of ['he-IL', 'en-US'] as const) {
  test(`${language}: each column's cells lie under its own header, in reading order, with no dead space`, async ({
    page,
    devices,
    stack,
    snap,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.addInitScript((lang) => globalThis.localStorage.setItem('lang', lang), language);
    await loginThroughUi(page, 'admin', stack.adminPassword);
    await devices.open();
    // The rail drawer expands under the pointer that opened the screen: move it away.
    await page.mouse.move(960, 900);
    await expect(devices.columnCells('name').first()).toBeVisible({ timeout: 20_000 });
    const firstId = Number(
      (await devices.columnCells('name').first().getAttribute('data-testid'))?.replace('devices-cell-name-', ''),
    );

    // The columns fill the table's width.
    const table = await devices.table.boundingBox();
    const extent = () =>
      page.evaluate(() => {
        const headers = [
          ...document.querySelectorAll('.bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header'),
        ];
        const boxes = headers.map((header) => header.getBoundingClientRect());
        return Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left));
      });
    await expect.poll(extent).toBeGreaterThan((table?.width ?? 0) - 40);
    const centres: number[] = [];
    for (const column of COLUMNS) {
      // Blueprint draws the header row twice (a frozen quadrant over the scrolling one): the top one is seen.
      const sortButton = page.locator(`.bp6-table-quadrant-top [data-testid="${TestId.crud.sort('devices', column)}"]`);
      const header = await sortButton.boundingBox();
      const cell = await devices.cell(column, firstId).boundingBox();
      expect(header, column).not.toBeNull();
      expect(cell, column).not.toBeNull();
      if (!header || !cell) continue;
      // The cell's content starts inside its header's column.
      const headerColumn = await sortButton.evaluate(
        (element) => element.closest('.bp6-table-header')?.getBoundingClientRect().toJSON() as DOMRect,
      );
      expect(cell.x, column).toBeGreaterThanOrEqual(headerColumn.x - 1);
      expect(cell.x + Math.min(cell.width, 10), column).toBeLessThanOrEqual(headerColumn.x + headerColumn.width + 1);
      // Headers do not overlap the next column's.
      expect(header.width, column).toBeLessThanOrEqual(headerColumn.width + 1);
      centres.push(headerColumn.x + headerColumn.width / 2);
    }
    // Reading order: left to right in en-US, right to left in he-IL.
    const ordered = [...centres].sort((a, b) => (language === 'he-IL' ? b - a : a - b));
    expect(centres).toEqual(ordered);
    await snap(`devices-table-${language}`);
  });
}

test('he-IL: the import report says every refusal in Hebrew, with no English word, key or path', async ({
  page,
  devices,
  stack,
  snap,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
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
  await expect(devices.importRowError(3)).toHaveText('שם מכיל תווים לא חוקיים');
  await expect(devices.importRowError(4)).toHaveText('הערך של כתובת IP 1 אינו תקין');
  await expect(devices.importRowError(5)).toHaveText('טווח פורטים: ערך הפורט חייב להיות בין 1024 ל-49151');
  await expect(devices.importRowError(6)).toHaveText('התקן עם מזהה הצימוד SIM1-000001 כבר קיים: sim-halo-000001');
  for (const line of [3, 4, 5, 6, 7]) {
    const text = await devices.importRowError(line).innerText();
    // Only identifiers from the file and the abbreviation IP may be Latin.
    expect(text.replace(/SIM1-000001|sim-halo-000001|IP/g, ''), `row ${line}: ${text}`).not.toMatch(/[A-Za-z_]/);
  }
  await expect(page.getByTestId(TestId.devices.importClose)).toHaveText('סגירה');
  await snap('devices-import-report-he-IL');
  // The report downloads as the dialog shows it (issue 39, item 10).
  const downloading = page.waitForEvent('download');
  await page.getByTestId(TestId.devices.importReportDownload).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('device-import-report.csv');
  const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(rows[0]).toEqual(['שורה', 'שם', 'מזהה צימוד', 'הצלחה', 'שגיאה']);
  expect(rows.find((row) => row[0] === '4')?.[4]).toBe('הערך של כתובת IP 1 אינו תקין');
});
