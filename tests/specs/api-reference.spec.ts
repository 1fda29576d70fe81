import { API_REFERENCE_PATH, ENDPOINTS, OPENAPI_DOCUMENT_PATH, routeKeyOf } from '@halo/shared';
import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from '../fixtures/test';

/**
 * The API reference through the real gateway and provider: the document lists every call the
 * product serves, and the page renders it in Chromium from the console's own files alone (the
 * console runs air-gapped).
 */
test('the gateway serves the OpenAPI 3.1 document and /api/docs renders it without leaving the machine', async ({
  page,
  baseURL,
  snap,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });

  const answer = await page.request.get(OPENAPI_DOCUMENT_PATH);
  expect(answer.status()).toBe(200);
  const document = (await answer.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe('3.1.0');
  const documented = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(documented.sort()).toEqual(ENDPOINTS.map(routeKeyOf).sort());

  await page.goto(API_REFERENCE_PATH);
  await expect(page.getByRole('heading', { name: /Halo Console API/ })).toBeVisible();
  for (const tag of ['Authentication', 'Users', 'Devices', 'VPN', 'Wall displays']) {
    await expect(page.locator('.opblock-tag', { hasText: tag }).first()).toBeVisible();
  }
  const createUser = page.locator('.opblock-post', { hasText: '/config/{environmentId}/users' }).first();
  await createUser.locator('.opblock-summary').click();
  await expect(createUser.getByText('User with given username already exists', { exact: false })).toBeVisible();
  await snap('api-reference');
  await createUser.screenshot({ path: join(SCREENSHOT_DIR, 'api-reference-create-user.png') });
  expect(elsewhere).toEqual([]);
});
