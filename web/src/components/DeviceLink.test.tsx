import { devicePath, Permission, TwoFactorStatus } from '@halo/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithSession, signedIn } from '../testing/sessionHarness';
import { DeviceLink } from './DeviceLink';

const session = (permissions: number[]) =>
  signedIn({ permissions, two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } });

describe('a device’s name wherever it is shown', () => {
  afterEach(() => cleanup());

  it('opens the device’s page for a user who may view devices', () => {
    renderWithSession(<DeviceLink id={7} name="gate-north" testId="link" />, session([Permission.DEVICES_VIEW]));
    const link = screen.getByTestId('link');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(devicePath(7));
    expect(link.textContent).toBe('gate-north');
    expect(link.getAttribute('title')).toBe('Open the page of gate-north');
  });

  it('is plain text for a user who may not', () => {
    renderWithSession(<DeviceLink id={7} name="gate-north" testId="link" />, session([Permission.LOGS_VIEW]));
    expect(screen.getByTestId('link').tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
