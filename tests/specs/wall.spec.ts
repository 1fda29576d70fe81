import { apiPaths, API_BASE, TestId } from '@halo/shared';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin } from '../fixtures/apiLogin';
import { expect, test } from '../fixtures/test';

/**
 * The NOC wall runs on a display session a manager issues: read only, live without anyone
 * touching it past the idle time-out, and ended by the manager from elsewhere.
 */
const IDLE_MS = 5000;
const SIMULATED_DEVICES = 40;
test.use({
  stackEnv: {
    HALO_E2E_STACK: 'wall',
    HALO_SIM_DEVICES: String(SIMULATED_DEVICES),
    HALO_SESSION_IDLE_MS: String(IDLE_MS),
  },
});

const adminHeaders = (request: APIRequestContext, password: string) => apiLogin(request, 'admin', password);

test('a wall display stays live past the idle time-out and ends when a manager revokes it', async ({
  page,
  request,
  stack,
  snap,
}) => {
  const admin = await adminHeaders(request, stack.adminPassword);
  const issued = await request.post(`${API_BASE}${apiPaths.wallDisplays.list(admin.environmentId)}`, {
    headers: admin.headers,
    data: { label: 'NOC wall 1' },
  });
  expect(issued.status()).toBe(201);
  const { id, url } = await issued.json();
  const address = new URL(url);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${address.pathname}${address.hash}`);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/wall$/);
  await expect(page.getByTestId(TestId.wall.count('total'))).toContainText(String(SIMULATED_DEVICES), {
    timeout: 20_000,
  });
  await expect(page.getByTestId(TestId.wall.clock)).toHaveText(/\(UTC\)$/);
  await expect(page.getByTestId(TestId.wall.dataAge)).toHaveCount(0);
  await snap('wall-live');

  // One screen, no scrolling, on a 1080p and a 4K display alike.
  const overflow = () =>
    page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const wall = document.querySelector('.halo-wall')?.getBoundingClientRect();
      return { scroll: root.scrollHeight - window.innerHeight, bottom: (wall?.bottom ?? 0) - window.innerHeight };
    });
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ]) {
    await page.setViewportSize(size);
    const { scroll, bottom } = await overflow();
    expect({ size, scroll: Math.max(0, scroll), bottom: Math.max(0, bottom) }).toEqual({ size, scroll: 0, bottom: 0 });
    await expect(page.getByTestId(TestId.wall.count('total'))).toBeInViewport();
  }
  await snap('wall-4k');
  await page.setViewportSize({ width: 1920, height: 1080 });

  // Nobody touches it for longer than the idle time-out: still live.
  await page.waitForTimeout(IDLE_MS + 3000);
  await expect(page.getByTestId(TestId.wall.message)).toHaveCount(0);
  await expect(page.getByTestId(TestId.wall.count('total'))).toContainText(String(SIMULATED_DEVICES));

  const manager = await adminHeaders(request, stack.adminPassword);
  const revoked = await request.delete(`${API_BASE}${apiPaths.wallDisplays.item(manager.environmentId, id)}`, {
    headers: manager.headers,
  });
  expect(revoked.status()).toBe(200);
  await expect(page.getByTestId(TestId.wall.message)).toContainText(/administrator disconnected this display/i, {
    timeout: 8000,
  });
  await snap('wall-revoked');
});

test('the wall without a display token says how to connect it', async ({ page, snap }) => {
  await page.goto('/wall');
  await expect(page.getByTestId(TestId.wall.message)).toContainText(/not connected/i);
  await snap('wall-no-token');
});
