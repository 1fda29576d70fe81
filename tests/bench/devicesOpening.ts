import { TestId } from '@halo/shared';
import { expect, type Page } from '@playwright/test';

/** How long the Devices screen took to show: from the menu click to its first rows, and to every device counted. */
export interface DevicesOpening {
  readonly firstRows: number;
  readonly allRows: number;
}

/**
 * Opens the Devices screen from the menu, as a user does, and times it: until the table's first
 * rows are visible, then until its count names all `devices` (bench:cold-open, bench:table,
 * bench:isolation).
 */
export async function openDevicesTimed(
  page: Page,
  devices: number,
  timeouts: { readonly firstRowsMs: number; readonly allRowsMs: number },
): Promise<DevicesOpening> {
  const opened = Date.now();
  await page.getByTestId(TestId.shell.menuItem('devices')).click();
  await expect(page.locator('[data-testid^="devices-cell-name-"]').first()).toBeVisible({
    timeout: timeouts.firstRowsMs,
  });
  const firstRows = Date.now() - opened;
  await expect(page.getByTestId(TestId.devices.visibleCount)).toContainText(`of ${devices} devices`, {
    timeout: timeouts.allRowsMs,
  });
  return { firstRows, allRows: Date.now() - opened };
}

/**
 * Back to Home until it counts the fleet, then long enough for the gateway to close the Devices
 * feed nobody watches (5 s): the next opening of Devices is warm, on an environment the gateway
 * follows already (Home's summary), as in a NOC.
 */
export async function homeUntilCounted(page: Page, devices: number, timeoutMs: number) {
  await page.getByTestId(TestId.shell.menuItem('home')).click();
  await expect(page.getByTestId(TestId.home.count('total'))).toContainText(String(devices), { timeout: timeoutMs });
  await page.waitForTimeout(6000);
}
