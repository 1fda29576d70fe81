import { COPY_SNACKBAR_TIMEOUT_MS, TestId } from '@halo/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { notifications$, type Notification } from '../../../lib/notify';
import { AboutDialog } from './AboutDialog';

function renderAbout() {
  return render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <AboutDialog isOpen onClose={() => undefined} />
    </I18nextProvider>,
  );
}

describe('AboutDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the official and component versions, N/A (disabled) for a missing one, and copies on click', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          official: '10.0.0.1-12.6',
          internal: { auth: '1.2.3', ca: '2.0.0', config: '3.1.0', monitoring: '4.0.1' },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const toasts: Notification[] = [];
    const subscription = notifications$.subscribe((toast) => toasts.push(toast));

    renderAbout();
    const official = await screen.findByTestId(TestId.about.version('official'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/versions');
    expect(official.textContent).toContain('10.0.0.1-12.6');
    expect(screen.getByTestId(TestId.about.version('auth')).textContent).toContain('1.2.3');
    expect(screen.getByTestId(TestId.about.version('ui')).textContent).toContain('test');
    const analyzer = screen.getByTestId(TestId.about.version('analyzer'));
    expect(analyzer.textContent).toBe('N/A');
    expect(analyzer.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId(TestId.about.version('config')));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(writeText).toHaveBeenCalledWith('3.1.0');
    expect(toasts[0]).toEqual({ message: 'Copied', kind: 'success', timeoutMs: COPY_SNACKBAR_TIMEOUT_MS });
    subscription.unsubscribe();
  });
});
