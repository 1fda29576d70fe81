import { TestId } from '@halo/shared';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * The per-environment device limit (issue 25, error 54) as an operator meets it, in en-US and
 * in Hebrew: the simulator's fleet fills the environment to its limit, so adding one device
 * and importing two are refused, saying the limit and how many more fit, and nothing is added.
 */
const LIMIT = 12;
test.use({
  stackEnv: { HALO_E2E_STACK: 'limits', HALO_SIM_DEVICES: String(LIMIT), HALO_ENVIRONMENT_MAX_DEVICES: String(LIMIT) },
});

const TEXT = {
  'en-US': {
    refused: 'This environment has reached its device limit',
    left: `It may hold ${LIMIT} devices; 0 more can be added`,
  },
  'he-IL': {
    refused: 'הסביבה הגיעה למגבלת ההתקנים שלה',
    left: `היא יכולה להכיל ${LIMIT} התקנים; אפשר להוסיף עוד 0`,
  },
} as const;

for (const language of ['en-US', 'he-IL'] as const)
  test(`${language}: a full environment refuses a new device and an import, saying its limit`, async ({
    page,
    devices,
    stack,
    snap,
  }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.addInitScript((lang) => globalThis.localStorage.setItem('lang', lang), language);
    await loginThroughUi(page, 'admin', stack.adminPassword);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'he-IL' ? 'rtl' : 'ltr');
    await devices.open();
    await expect(devices.visibleCount).toContainText(String(LIMIT), { timeout: 20_000 });

    await devices.openAdd();
    await devices.fill({ name: `limit-${language}`, pairing_id: `LIMIT-${language}` });
    await devices.save();
    await expect(devices.formError).toHaveText(TEXT[language].refused);
    await expect(devices.formErrorDetail).toHaveText(TEXT[language].left);
    await snap(`device-limit-add-${language}`);
    await devices.cancel();

    await devices.importCsv(
      'two-more.csv',
      [
        'name,pairing_id,type,is_server,ip_addresses,port_from,port_to',
        `limit-a-${language},LIMIT-A-${language},1,false,,,`,
        `limit-b-${language},LIMIT-B-${language},1,false,,,`,
        '',
      ].join('\n'),
    );
    await expect(devices.importError).toHaveText(TEXT[language].refused);
    await expect(page.getByTestId(TestId.devices.importErrorDetail)).toHaveText(TEXT[language].left);
    await snap(`device-limit-import-${language}`);
    await devices.closeImport();

    // Nothing was added: the table still counts the limit, all of it shown.
    await expect(devices.visibleCount).toHaveText(new RegExp(`^\\D*${LIMIT}\\D+${LIMIT}\\D*$`));
  });
