import { TestId } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithSession } from '../../../testing/sessionHarness';
import { WebhooksDialog } from './WebhooksDialog';

const webhook = (id: number, overrides: object = {}) => ({
  id,
  environment_id: 7,
  name: `Pager ${id}`,
  url: `https://hooks.example.com/${id}`,
  min_severity: 2,
  created_by: 'admin',
  created_at: '2026-11-27T08:00:00.000Z',
  last_attempt_at: null,
  last_status: null,
  last_error: null,
  last_delivered_at: null,
  attempts: 0,
  next_attempt_at: null,
  ...overrides,
});

const failing = webhook(3, {
  last_attempt_at: '2026-11-27T09:00:00.000Z',
  last_status: 500,
  last_error: 'refusedStatus:500',
  attempts: 2,
  next_attempt_at: '2026-11-27T09:00:20.000Z',
});

interface Call {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

function mockApi(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const call = {
      method: init?.method ?? 'GET',
      url: input as string,
      body: init?.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  return calls;
}

describe('WebhooksDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says when there is no webhook, adds one and shows its secret once, with a copy button', async () => {
    let listed: object[] = [];
    const calls = mockApi((call) => {
      if (call.method === 'POST') {
        listed = [webhook(5, { name: 'Relay', url: 'https://relay.example.com/in', min_severity: 3 })];
        return jsonResponse(201, { webhook: listed[0], secret: 'whsec_only-once' });
      }
      return jsonResponse(200, { webhooks: listed });
    });
    renderWithSession(<WebhooksDialog environmentId={7} onClose={vi.fn()} />);
    expect(await screen.findByText('No webhook yet.')).toBeTruthy();

    const create = screen.getByTestId<HTMLButtonElement>(TestId.alarms.webhookCreate);
    expect(create.disabled).toBe(true); // nothing typed
    fireEvent.change(screen.getByTestId(TestId.alarms.webhookName), { target: { value: 'Relay' } });
    fireEvent.change(screen.getByTestId(TestId.alarms.webhookUrl), {
      target: { value: 'https://relay.example.com/in' },
    });
    fireEvent.change(screen.getByTestId(TestId.alarms.webhookSeverity), { target: { value: '3' } });
    expect(create.disabled).toBe(false);
    // The form submits with Enter as with the button.
    fireEvent.submit(screen.getByTestId(TestId.alarms.webhookDialog));

    expect(await screen.findByTestId<HTMLInputElement>(TestId.alarms.webhookSecret)).toHaveProperty(
      'value',
      'whsec_only-once',
    );
    expect(screen.getByTestId(TestId.alarms.webhookSecretCopy)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v1/config/7/alarm_webhooks',
      body: { name: 'Relay', url: 'https://relay.example.com/in', min_severity: 3 },
    });
    expect(await screen.findByTestId(TestId.alarms.webhookRow(5))).toHaveProperty(
      'textContent',
      expect.stringContaining('Nothing sent yet'),
    );
  });

  it('shows each target’s last delivery, sends a test, and deletes only after confirmation', async () => {
    const calls = mockApi((call) => {
      if (call.method === 'DELETE') return jsonResponse(200, { ok: true });
      if (call.method === 'POST')
        return jsonResponse(200, { delivered: false, status: 503, error: 'refusedStatus:503', webhook: failing });
      return jsonResponse(200, {
        webhooks: [
          webhook(2, {
            last_attempt_at: '2026-11-27T08:30:00.000Z',
            last_status: 204,
            last_delivered_at: '2026-11-27T08:30:00.000Z',
          }),
          failing,
        ],
      });
    });
    renderWithSession(<WebhooksDialog environmentId={7} onClose={vi.fn()} />);
    const delivered = await screen.findByTestId(TestId.alarms.webhookRow(2));
    expect(delivered.textContent).toContain('(HTTP 204)');
    const row = screen.getByTestId(TestId.alarms.webhookRow(3));
    expect(row.textContent).toMatch(/Failed .*HTTP status 500/);
    expect(row.textContent).toContain('2 failures in a row');

    fireEvent.click(within(row).getByTestId(TestId.alarms.webhookTest(3)));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.url === '/api/v1/config/7/alarm_webhooks/3/test'),
      ).toBe(true),
    );

    fireEvent.click(screen.getByTestId(TestId.alarms.webhookDelete(3)));
    expect(await screen.findByTestId(TestId.alarms.webhookDeleteConfirm)).toHaveProperty(
      'textContent',
      expect.stringContaining('Pager 3'),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const alert = screen.getByRole('alertdialog');
    fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v1/config/7/alarm_webhooks/3')).toBe(
        true,
      ),
    );
  });

  it('marks the URL the provider refused, with the rule that refused it', async () => {
    mockApi((call) =>
      call.method === 'POST'
        ? jsonResponse(400, {
            error: 1,
            message: '127.0.0.1 is a loopback address',
            fields: { url: 'validation.webhookAddressLoopback' },
          })
        : jsonResponse(200, { webhooks: [] }),
    );
    renderWithSession(<WebhooksDialog environmentId={7} onClose={vi.fn()} />);
    fireEvent.change(await screen.findByTestId(TestId.alarms.webhookName), { target: { value: 'Here' } });
    fireEvent.change(screen.getByTestId(TestId.alarms.webhookUrl), { target: { value: 'https://127.0.0.1/hook' } });
    fireEvent.click(screen.getByTestId(TestId.alarms.webhookCreate));
    expect(await screen.findByText(/HALO_WEBHOOK_ALLOWED_NETWORKS lists it/)).toBeTruthy();
  });
});
