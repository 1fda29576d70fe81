import { ErrorCode, TestId } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ltrIsolate } from '../../../lib/i18n';
import { notifications$, type Notification } from '../../../lib/notify';
import { jsonResponse, renderWithSession } from '../../../testing/sessionHarness';
import { NotificationsPanel } from './NotificationsPanel';

type Answer = { email_alarms: boolean; email_digest: boolean; locale: string; severity: number };

/** An ordinary user's answer: their severity and address are their manager's to set. */
const ordinary = (answer: Answer) => ({
  email_interval_minutes: null,
  default_interval_minutes: 5,
  ...answer,
  severity_editable: false,
  email: 'operator@example.test',
  pending_email: null,
});

/**
 * The settings endpoints: GET answers `held`; PUT answers with `put` (default: the body over
 * what is held, which it then holds); POST …/email answers what is held with the new address pending.
 */
function mockSettings(
  held: Answer & { severity_editable?: boolean; email?: string | null },
  put?: (body: unknown) => Response,
) {
  let answer = { ...ordinary(held), ...held };
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (input === '/api/v1/notification_settings/email') {
      const { email } = JSON.parse(init?.body as string) as { email: string };
      return Promise.resolve(jsonResponse(200, { ...answer, pending_email: email }));
    }
    expect(input).toBe('/api/v1/notification_settings');
    if (init?.method === 'PUT') {
      const body: unknown = JSON.parse(init.body as string);
      if (put) return Promise.resolve(put(body));
      answer = { ...answer, ...(body as object) };
      return Promise.resolve(jsonResponse(200, answer));
    }
    return Promise.resolve(jsonResponse(200, answer));
  });
}

const toastsOf = () => {
  const toasts: Notification[] = [];
  const subscription = notifications$.subscribe((toast) => toasts.push(toast));
  return { toasts, stop: () => subscription.unsubscribe() };
};

describe('NotificationsPanel', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loads the settings, says which alarms reach the user, and saves a change with the right body', async () => {
    const fetchMock = mockSettings({ email_alarms: true, email_digest: false, locale: 'en-US', severity: 2 });
    const { toasts, stop } = toastsOf();
    renderWithSession(<NotificationsPanel />);

    const email = await screen.findByTestId<HTMLInputElement>(TestId.settings.emailAlarms);
    expect(email.checked).toBe(true);
    const digest = screen.getByTestId<HTMLInputElement>(TestId.settings.emailDigest);
    expect(digest.checked).toBe(false);
    expect(digest.closest('label')?.textContent).toBe(
      'E-mail me a daily digest of the open alarms (none on a day with none open)',
    );
    const locale = screen.getByTestId<HTMLSelectElement>(TestId.settings.emailLocale);
    expect(locale.value).toBe('en-US');
    expect([...locale.options].map((option) => option.textContent)).toEqual(['English', 'עברית']);
    expect(screen.getByTestId(TestId.settings.alarmSeverity).textContent).toBe(
      'Alarms of severity Major and above reach you; your environment manager sets this.',
    );
    const save = screen.getByTestId<HTMLButtonElement>(TestId.settings.notificationsSave);
    expect(save.disabled).toBe(true);

    fireEvent.click(email);
    fireEvent.click(digest);
    fireEvent.change(locale, { target: { value: 'he-IL' } });
    expect(email.checked).toBe(false);
    expect(digest.checked).toBe(true);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ message: 'Notification settings saved', kind: 'success' });
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({
      email_alarms: false,
      email_digest: true,
      locale: 'he-IL',
      email_interval_minutes: null,
    });
    // Saved: what the server answered is now the settings held, nothing left to save.
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(email.checked).toBe(false);
    expect(digest.checked).toBe(true);
    expect(locale.value).toBe('he-IL');
    stop();
  });

  it('shows a refused save as a callout, keeps the change, and toasts nothing', async () => {
    mockSettings({ email_alarms: false, email_digest: true, locale: 'he-IL', severity: 3 }, () =>
      jsonResponse(400, { error: ErrorCode.MISSING_VALUES, message: 'Required fields missing' }),
    );
    const { toasts, stop } = toastsOf();
    renderWithSession(<NotificationsPanel />);

    const email = await screen.findByTestId<HTMLInputElement>(TestId.settings.emailAlarms);
    expect(screen.getByTestId(TestId.settings.alarmSeverity).textContent).toContain('Critical');
    fireEvent.click(email);
    fireEvent.click(screen.getByTestId(TestId.settings.notificationsSave));

    const error = await screen.findByTestId(TestId.settings.notificationsError);
    expect(error.textContent).toBe('Required fields missing');
    expect(email.checked).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>(TestId.settings.notificationsSave).disabled).toBe(false);
    expect(toasts).toEqual([]);
    stop();
  });

  it('lets a manager set their own severity and ask for a new address, which waits for its link', async () => {
    const fetchMock = mockSettings({
      email_alarms: true,
      email_digest: false,
      locale: 'en-US',
      severity: 3,
      severity_editable: true,
      email: null,
    });
    const { toasts, stop } = toastsOf();
    renderWithSession(<NotificationsPanel />);

    const severity = await screen.findByTestId<HTMLSelectElement>(TestId.settings.severitySelect);
    expect(screen.queryByTestId(TestId.settings.alarmSeverity)).toBeNull();
    expect(severity.value).toBe('3');
    expect(screen.getByTestId(TestId.settings.email).textContent).toBe(
      'Your account has no e-mail address, so no alarm e-mail can reach you.',
    );
    fireEvent.change(severity, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId(TestId.settings.notificationsSave));
    await waitFor(() => expect(toasts).toHaveLength(1));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({
      email_alarms: true,
      email_digest: false,
      locale: 'en-US',
      severity: 1,
      email_interval_minutes: null,
    });

    const send = screen.getByTestId<HTMLButtonElement>(TestId.settings.sendEmailConfirmation);
    const address = screen.getByTestId<HTMLInputElement>(TestId.settings.newEmail);
    fireEvent.change(address, { target: { value: 'not an address' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(address, { target: { value: 'noc@example.test' } });
    fireEvent.click(send);
    const pending = await screen.findByTestId(TestId.settings.pendingEmail);
    expect(pending.textContent).toBe(
      `A confirmation link was sent to ${ltrIsolate('noc@example.test')}. The address changes when the link is opened (within 60 minutes).`,
    );
    expect(toasts[1]).toMatchObject({
      message: `Confirmation link sent to ${ltrIsolate('noc@example.test')}`,
      kind: 'success',
    });
    // The severity saved before stays as saved.
    expect(screen.getByTestId<HTMLSelectElement>(TestId.settings.severitySelect).value).toBe('1');
    stop();
  });

  it('spaces alarm e-mail as chosen: the installation’s by default, an hour when chosen, off with the e-mail', async () => {
    const fetchMock = mockSettings({ email_alarms: true, email_digest: false, locale: 'en-US', severity: 3 });
    renderWithSession(<NotificationsPanel />);
    const interval = await screen.findByTestId<HTMLSelectElement>(TestId.settings.emailInterval);
    expect(interval.value).toBe('default');
    expect([...interval.options].map((option) => option.textContent)).toEqual([
      'every 5 minutes (the installation’s setting)',
      'every 5 minutes',
      'every 15 minutes',
      'every 30 minutes',
      'every hour',
      'every 4 hours',
    ]);
    fireEvent.change(interval, { target: { value: '60' } });
    fireEvent.click(screen.getByTestId(TestId.settings.notificationsSave));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toMatchObject({ email_interval_minutes: 60 });
    // No alarm e-mail, nothing to space.
    fireEvent.click(screen.getByTestId(TestId.settings.emailAlarms));
    expect(screen.getByTestId<HTMLSelectElement>(TestId.settings.emailInterval).disabled).toBe(true);
  });
});
