import { TestId } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Timestamp } from '../../../lib/time-zone';
import { jsonResponse, renderWithSession, signedIn } from '../../../testing/sessionHarness';
import { TimeZonePanel } from './TimeZonePanel';

const SHOWN = '2026-11-24T09:05:07Z';

/** PUT /preferences answers with the body it got (or `answer`), and remembers the bodies. */
function mockPreferences(answer?: () => Response) {
  const bodies: unknown[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    expect(input).toBe('/api/v1/preferences');
    expect(init?.method).toBe('PUT');
    const body: unknown = JSON.parse(init?.body as string);
    bodies.push(body);
    return Promise.resolve(answer ? answer() : jsonResponse(200, body));
  });
  return { bodies, fetchMock };
}

function renderPanel(timeZone: string | null) {
  renderWithSession(
    <>
      <TimeZonePanel />
      <span data-testid="shown">
        <Timestamp iso={SHOWN} />
      </span>
    </>,
    signedIn({ time_zone: timeZone }),
  );
}

/** Types into the zone box and picks the first match with the keyboard. */
function pickWithKeyboard(query: string) {
  const input = screen.getByTestId<HTMLInputElement>(TestId.settings.timeZoneInput);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: query } });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'Enter' });
  fireEvent.keyUp(input, { key: 'Enter' });
}

describe('TimeZonePanel (issue 39, item 15)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("starts at the browser's zone; a zone found by typing and saved is where every time is shown", async () => {
    const { bodies } = mockPreferences();
    renderPanel(null);
    const input = screen.getByTestId<HTMLInputElement>(TestId.settings.timeZoneInput);
    expect(input.value).toBe('This browser’s zone (UTC)');
    expect(screen.getByTestId('shown').textContent).toBe('24 Nov, 2026 09:05:07 (UTC)');
    const save = screen.getByTestId<HTMLButtonElement>(TestId.settings.timeZoneSave);
    expect(save.disabled).toBe(true);

    pickWithKeyboard('jerus');
    await waitFor(() => expect(input.value).toMatch(/^Asia\/Jerusalem \(UTC\+[23]\)$/));
    expect(screen.getByTestId(TestId.settings.timeZoneExample).textContent).toMatch(/\(UTC\+[23]\)/);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('24 Nov, 2026 11:05:07 (UTC+2)'));
    expect(bodies).toEqual([{ time_zone: 'Asia/Jerusalem' }]);
    expect(save.disabled).toBe(true);
  });

  it("goes back to the browser's zone (null) when that is chosen", async () => {
    const { bodies } = mockPreferences();
    renderPanel('Asia/Jerusalem');
    expect(screen.getByTestId('shown').textContent).toBe('24 Nov, 2026 11:05:07 (UTC+2)');
    pickWithKeyboard('browser');
    fireEvent.click(screen.getByTestId(TestId.settings.timeZoneSave));
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('24 Nov, 2026 09:05:07 (UTC)'));
    expect(bodies).toEqual([{ time_zone: null }]);
  });

  it('finds a zone by its former name and saves it by its current one; a zone saved by its former name shows by the current', async () => {
    const { bodies } = mockPreferences();
    renderPanel('Asia/Calcutta');
    const input = screen.getByTestId<HTMLInputElement>(TestId.settings.timeZoneInput);
    expect(input.value).toBe('Asia/Kolkata (UTC+5:30)');
    pickWithKeyboard('kyiv');
    await waitFor(() => expect(input.value).toMatch(/^Europe\/Kyiv \(UTC\+[23]\)$/));
    pickWithKeyboard('calcutta');
    await waitFor(() => expect(input.value).toBe('Asia/Kolkata (UTC+5:30)'));
    pickWithKeyboard('saigon');
    await waitFor(() => expect(input.value).toBe('Asia/Ho Chi Minh (UTC+7)'));
    fireEvent.click(screen.getByTestId(TestId.settings.timeZoneSave));
    await waitFor(() => expect(bodies).toEqual([{ time_zone: 'Asia/Ho_Chi_Minh' }]));
  });

  it('shows a refusal and keeps the zone times are shown in', async () => {
    mockPreferences(() => jsonResponse(400, { error: 'MISSING_VALUES', fields: { time_zone: 'validation.invalid' } }));
    renderPanel(null);
    pickWithKeyboard('tokyo');
    fireEvent.click(screen.getByTestId(TestId.settings.timeZoneSave));
    await screen.findByTestId(TestId.settings.timeZoneError);
    expect(screen.getByTestId('shown').textContent).toBe('24 Nov, 2026 09:05:07 (UTC)');
  });
});
