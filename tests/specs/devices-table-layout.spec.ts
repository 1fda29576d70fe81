import { TestId } from '@halo/shared';
import { loginThroughUi } from '../fixtures/session';
import { headerBoxes, layoutSample, shownTexts, watchTableLayout } from '../fixtures/tableLayout';
import { expect, test } from '../fixtures/test';

/**
 * The Devices table's layout as drawn, frame by frame: every cell under its own header from the
 * first frame after opening and while a dialog is open, at 1920x1080 and at 900 px wide, where
 * the columns that are kept must fit and names stay told apart.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'devices-layout', HALO_SIM_DEVICES: '30' } });

/** How long each watch lasts: the stale widths lasted about a second. */
const WATCH_MS = 3000;

for (const { language, ...size } of [
  { width: 1920, height: 1080, language: 'en-US' },
  { width: 900, height: 800, language: 'en-US' },
  { width: 900, height: 800, language: 'he-IL' },
]) {
  test(`${language} ${size.width}x${size.height}: every cell stays under its own header from the first frame and behind a dialog`, async ({
    page,
    devices,
    stack,
    snap,
  }) => {
    await page.setViewportSize(size);
    await page.addInitScript((lang) => globalThis.localStorage.setItem('lang', lang), language);
    await loginThroughUi(page, 'admin', stack.adminPassword);
    await watchTableLayout(page, WATCH_MS);
    await devices.open();
    await page.mouse.move(size.width / 2, size.height - 20);
    await expect(devices.columnCells('name').first()).toBeVisible({ timeout: 20_000 });
    await snap(`devices-table-${size.width}-${language}-opening`);
    const opening = await layoutSample(page);
    expect(opening.frames).toBeGreaterThan(10);
    // Soft: every check below runs and reports, so one run says all that is wrong.
    expect
      .soft(
        { badFrames: opening.badFrames, misplaced: opening.misplaced },
        `cells drawn away from their headers after opening (of ${opening.frames} frames)`,
      )
      .toEqual({ badFrames: 0, misplaced: [] });

    // Opened again with a dialog over it at once: the table lays out behind the dialog.
    await page.goto('/');
    await expect(page.getByTestId(TestId.shell.topBar)).toBeVisible();
    await watchTableLayout(page, WATCH_MS);
    await devices.open();
    await devices.openAdd();
    const behindDialog = await layoutSample(page);
    await snap(`devices-table-${size.width}-${language}-behind-dialog`);
    expect
      .soft(
        { badFrames: behindDialog.badFrames, misplaced: behindDialog.misplaced },
        `cells drawn away from their headers behind a dialog (of ${behindDialog.frames} frames)`,
      )
      .toEqual({ badFrames: 0, misplaced: [] });
    await devices.cancel();
    await expect(devices.dialog).toBeHidden();

    // The window narrowed and widened again while the table is open: every width is drawn in full.
    await watchTableLayout(page, WATCH_MS);
    await page.setViewportSize({ width: size.width - 160, height: size.height });
    await page.waitForTimeout(500);
    await page.setViewportSize(size);
    const resized = await layoutSample(page);
    expect
      .soft(
        { badFrames: resized.badFrames, misplaced: resized.misplaced },
        `cells drawn away from their headers as the window is resized (of ${resized.frames} frames)`,
      )
      .toEqual({ badFrames: 0, misplaced: [] });

    // Each header's title stays inside its own column.
    for (const header of await headerBoxes(page)) {
      expect.soft(header.titleLeft, header.column).toBeGreaterThanOrEqual(header.left - 1);
      expect.soft(header.titleRight, header.column).toBeLessThanOrEqual(header.right + 1);
    }

    // Names and pairing ids are told apart as shown; what is cut has its full text as a tooltip.
    for (const column of ['name', 'pairingId']) {
      const texts = await shownTexts(page, column);
      expect(texts.length, column).toBeGreaterThan(5);
      const shown = texts.map((text) => text.shown);
      expect.soft(new Set(shown).size, `${column} as shown: ${shown.join(' | ')}`).toBe(texts.length);
      for (const text of texts) {
        if (text.shown !== text.full) expect.soft(text.title, `${column} ${text.full}`).toBe(text.full);
      }
    }
    await expect(page.getByTestId(TestId.devices.visibleCount)).toContainText('30');
    await snap(`devices-table-${size.width}-${language}`);
  });
}
