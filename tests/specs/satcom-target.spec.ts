import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, API_BASE, pathOf, Permission, SatcomLinkStatus, SatcomTargetResponseSchema, TestId } from '@halo/shared';
import { request as playwrightRequest } from '@playwright/test';
import { apiLogin } from '../fixtures/apiLogin';
import { addTestAddress, TEST_PRIVATE_ADDRESS } from '../fixtures/localAddress';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * The satcom target across the real processes: the page sets a receiver on this machine (at a
 * private address the operator allowed), the provider's forwarder delivers the simulator's
 * satellite messages to it with the key, and the page follows the link's status. The key is
 * never shown again.
 */
test.use({
  stackEnv: {
    HALO_E2E_STACK: 'satcom-target',
    HALO_SIM_DEVICES: '40',
    HALO_SIM_SATCOM_CHANCE: '0.3',
    HALO_SATCOM_ALLOWED_NETWORKS: `${TEST_PRIVATE_ADDRESS}/32`,
    HALO_SATCOM_FORWARD_MS: '500',
  },
});

const API_KEY = 'sk-e2e-4d3c2b1a';
const WATCHER_PASSWORD = 'Watcher-Passw0rd!';
let removeAddress: () => void = () => undefined;
let receiver: Server;
const received: { authorization: string | undefined; messages: number }[] = [];

test.beforeAll(async () => {
  removeAddress = addTestAddress();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { messages: unknown[] };
      received.push({ authorization: request.headers.authorization, messages: body.messages.length });
      response.writeHead(204).end();
    });
  }).listen(0, TEST_PRIVATE_ADDRESS);
  await once(receiver, 'listening');
});

test.afterAll(() => {
  receiver.close();
  removeAddress();
});

test('set a target, watch messages go through with the key, and stop forwarding', async ({ page, stack, snap }) => {
  // A watcher who may only look at the admin pages follows the queue through the API (one
  // session per user: the admin's is the browser's).
  const request = await playwrightRequest.newContext({ baseURL: stack.baseURL });
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({
    username: 'satcom_watcher',
    password: WATCHER_PASSWORD,
    email: 'satcom-watcher@example.test',
    permissions: [Permission.ADMIN_VIEW],
  });
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.getByTestId(TestId.shell.menuItem('satcomTarget')).click();
  await page.mouse.move(900, 600);
  const status = page.getByTestId(TestId.satcom.status);
  await expect(status).toHaveAttribute('data-status', String(SatcomLinkStatus.DISABLED));

  // Loopback is never a target: the field says so and nothing is saved.
  await page.getByTestId(TestId.satcom.url).fill('http://127.0.0.1:9/in');
  await page.getByTestId(TestId.satcom.apiKey).fill(API_KEY);
  await page.getByTestId(TestId.satcom.save).click();
  await expect(
    page.getByText(
      'URL points to a loopback address (this machine): the console never calls it, and no setting allows it',
    ),
  ).toBeVisible();
  await expect(status).toHaveAttribute('data-status', String(SatcomLinkStatus.DISABLED));

  const url = `http://${TEST_PRIVATE_ADDRESS}:${(receiver.address() as AddressInfo).port}/in`;
  await page.getByTestId(TestId.satcom.url).fill(url);
  await page.getByTestId(TestId.satcom.save).click();
  await expect(page.getByTestId(TestId.satcom.apiKey)).toHaveValue('');
  await expect(page.getByTestId(TestId.satcom.keyStored)).toBeVisible();
  await expect(status).toHaveAttribute('data-status', String(SatcomLinkStatus.TRANSMITTED), { timeout: 30_000 });
  expect(received.every((delivery) => delivery.authorization === `Bearer ${API_KEY}`)).toBe(true);
  expect(received.reduce((total, delivery) => total + delivery.messages, 0)).toBeGreaterThan(0);
  // The simulator writes new messages every tick, so a page that reads every few seconds may
  // well catch some waiting. The forwarder keeps up when the queue empties between ticks: read
  // it often (through the API) until it is empty. A forwarder that stalled never empties it.
  const session = await apiLogin(request, 'satcom_watcher', WATCHER_PASSWORD);
  const targetPath = `${API_BASE}${pathOf(API.satcom.target, { environmentId: session.environmentId })}`;
  await expect
    .poll(
      async () => {
        const answer = await request.get(targetPath, { headers: session.headers });
        return SatcomTargetResponseSchema.parse(await answer.json()).satcom_target.pending;
      },
      { timeout: 10_000, intervals: [100] },
    )
    .toBe(0);
  const watched = await request.get(targetPath, { headers: session.headers });
  expect(await watched.text()).not.toContain(API_KEY);
  await request.dispose();
  await expect(page.getByTestId(TestId.satcom.pending)).toHaveText(/^\d+$/);
  // The key is in no answer the page got.
  expect(await page.content()).not.toContain(API_KEY);
  await snap('satcom-target-transmitted');

  await page.getByTestId(TestId.satcom.remove).click();
  await page.getByTestId(TestId.satcom.removeConfirm).waitFor();
  await page.locator('.bp6-alert').getByRole('button', { name: 'Stop forwarding' }).click();
  await expect(status).toHaveAttribute('data-status', String(SatcomLinkStatus.DISABLED));
});

test('a refused address says which rule and which setting; a failed delivery says why, not how names resolve', async ({
  page,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.getByTestId(TestId.shell.menuItem('satcomTarget')).click();
  const status = page.getByTestId(TestId.satcom.status);
  await expect(status).toHaveAttribute('data-status', String(SatcomLinkStatus.DISABLED));

  // A private address outside the networks the operator listed: the field names the setting.
  await page.getByTestId(TestId.satcom.url).fill('http://10.1.2.3/in');
  await page.getByTestId(TestId.satcom.apiKey).fill(API_KEY);
  await page.getByTestId(TestId.satcom.save).click();
  await expect(
    page.getByText(
      'URL points to a private address: the provider calls private networks only when its setting HALO_SATCOM_ALLOWED_NETWORKS lists them',
    ),
  ).toBeVisible();
  await snap('satcom-target-private-address-refused');

  // A name is saved (typed with blanks around it and in capitals: stored normalised) and checked
  // on what it resolves to when called: this machine, which is never called, told as unreachable
  // (what a name resolves to is not told: issue 39, item 8).
  await page.getByTestId(TestId.satcom.url).fill('  http://LOCALHOST:9/in  ');
  await page.getByTestId(TestId.satcom.save).click();
  await expect(page.getByTestId(TestId.satcom.url)).toHaveValue('http://localhost:9/in');
  const error = page.getByTestId(TestId.satcom.error);
  await expect(error).toHaveText('Last attempt failed: could not be reached, or its address is not allowed', {
    timeout: 15_000,
  });
  await expect(status).toHaveAttribute('data-status', String(SatcomLinkStatus.MISCONFIGURED));
  expect(await page.locator('main').innerText()).not.toMatch(/DNS|127\.0\.0\.1|::1|family|resolves/);
  await snap('satcom-target-failure-reason');

  await page.evaluate(() => window.localStorage.setItem('lang', 'he-IL'));
  await page.reload();
  await expect(error).toHaveText('הניסיון האחרון נכשל: לא ניתן היה להגיע אליו, או שכתובתו אינה מותרת');
  await snap('satcom-target-failure-reason-he-IL');
  await page.evaluate(() => window.localStorage.setItem('lang', 'en-US'));
  await page.reload();

  await page.getByTestId(TestId.satcom.remove).click();
  await page.getByTestId(TestId.satcom.removeConfirm).waitFor();
  await page.locator('.bp6-alert').getByRole('button', { name: 'Stop forwarding' }).click();
  await expect(status).toHaveAttribute('data-status', String(SatcomLinkStatus.DISABLED));
});

test('he-IL: the satcom target reads right to left', async ({ page, stack, snap }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/admin/satcom-target');
  await expect(page.getByTestId(TestId.satcom.status)).toHaveText('מושבת');
  await snap('satcom-target-he-IL');
});
