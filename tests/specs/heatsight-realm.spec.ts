import { API, API_BASE, pathOf, TestId } from '@halo/shared';
import { request as playwrightRequest } from '@playwright/test';
import { apiLogin } from '../fixtures/apiLogin';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/** Realm type 2 (HALO_REALM_TYPE): HeatSight is off for everyone, root's manager with both features included. */
test.use({ stackEnv: { HALO_E2E_STACK: 'heatsight-realm', HALO_SIM_DEVICES: '20', HALO_REALM_TYPE: '2' } });

test('realm type 2 disables the menu item and refuses the screen and the samples call', async ({ page, stack }) => {
  const request = await playwrightRequest.newContext({ baseURL: stack.baseURL });
  const admin = await apiLogin(request, 'admin', stack.adminPassword);
  const samples = await request.get(
    `${API_BASE}${pathOf(API.heatSight.samples, { environmentId: admin.environmentId })}`,
    { headers: admin.headers },
  );
  expect(samples.status()).toBe(403);
  await request.dispose();

  await loginThroughUi(page, 'admin', stack.adminPassword);
  await expect(page.getByTestId(TestId.shell.menuItem('heatSight'))).toHaveClass(/bp6-disabled/);
  await page.goto('/services/heatsight');
  await expect(page.getByTestId(TestId.shell.notPermitted)).toBeVisible();
});
