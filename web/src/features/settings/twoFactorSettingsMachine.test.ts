import { ApiError, ErrorCode, TwoFactorStatus } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { twoFactorSettingsMachine, type GeneratedSecret } from './twoFactorSettingsMachine';

const OTP_URI = 'otpauth://totp/Halo:admin?secret=JBSWY3DPEHPK3PXP&digits=7&period=30';
const invalidOtp = () => new ApiError(400, { error: ErrorCode.TWO_FACTOR_INVALID_OTP, message: 'Invalid OTP' });

function start(setupStatus: 1 | 2 | 3, options: { activate?: (code: string) => Promise<1 | 2 | 3> } = {}) {
  const generate = vi.fn((): Promise<GeneratedSecret> =>
    Promise.resolve({ otpUri: OTP_URI, setupStatus: TwoFactorStatus.PENDING, qrDataUrl: 'data:image/png;base64,AA' }),
  );
  const activate = vi.fn(options.activate ?? (() => Promise.resolve(TwoFactorStatus.ACTIVE)));
  const deactivate = vi.fn((code: string): Promise<void> =>
    code === '7654321' ? Promise.resolve() : Promise.reject(invalidOtp()),
  );
  const machine = twoFactorSettingsMachine.provide({
    actors: {
      generateSecret: fromPromise(() => generate()),
      activate: fromPromise(({ input }: { input: { otp_code: string } }) => activate(input.otp_code)),
      deactivate: fromPromise(({ input }: { input: { otp_code: string } }) => deactivate(input.otp_code)),
    },
  });
  const actor = createActor(machine, { input: { setupStatus } }).start();
  return { actor, generate, activate, deactivate };
}

describe('twoFactorSettingsMachine', () => {
  it('starts on step 1 when 2FA is not active, and on step 3 when it is', () => {
    expect(start(TwoFactorStatus.INACTIVE).actor.getSnapshot().context.step).toBe(1);
    expect(start(TwoFactorStatus.PENDING).actor.getSnapshot().hasTag('step1')).toBe(true);
    const active = start(TwoFactorStatus.ACTIVE).actor.getSnapshot();
    expect(active.context.step).toBe(3);
    expect(active.hasTag('step3')).toBe(true);
  });

  it('generate moves to step 2 with the provisioning uri and QR code', async () => {
    const { actor } = start(TwoFactorStatus.INACTIVE);
    actor.send({ type: 'twoFactor.generate' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('step2'));
    expect(actor.getSnapshot().context).toMatchObject({ step: 2, setupStatus: 2, otpUri: OTP_URI });
    expect(actor.getSnapshot().context.qrDataUrl).toMatch(/^data:image\/png/);
  });

  it('activates by itself at the 7th digit, clears the code and shows Invalid OTP on refusal', async () => {
    const { actor, activate } = start(TwoFactorStatus.INACTIVE, {
      activate: (code) => (code === '1234567' ? Promise.resolve(TwoFactorStatus.ACTIVE) : Promise.reject(invalidOtp())),
    });
    actor.send({ type: 'twoFactor.generate' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('step2') && !snapshot.hasTag('busy'));

    actor.send({ type: 'twoFactor.codeChanged', code: '00a0' });
    expect(actor.getSnapshot().context.code).toBe('000');
    actor.send({ type: 'twoFactor.codeChanged', code: '000000' });
    expect(activate).not.toHaveBeenCalled();
    actor.send({ type: 'twoFactor.codeChanged', code: '0000000' });
    expect(activate).toHaveBeenCalledWith('0000000');
    await waitFor(actor, (snapshot) => snapshot.context.errorKey !== null);
    expect(actor.getSnapshot().context.errorKey).toBe('errors.twoFactorInvalidOtp');
    expect(actor.getSnapshot().context.code).toBe('');
    expect(actor.getSnapshot().hasTag('step2')).toBe(true);

    actor.send({ type: 'twoFactor.codeChanged', code: '1234567' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ result: 'activated', setupStatus: TwoFactorStatus.ACTIVE });
    expect(actor.getSnapshot().context.otpUri).toBe('');
  });

  it('deactivates only with a full code, silently refusing a short one', async () => {
    const { actor, deactivate } = start(TwoFactorStatus.ACTIVE);
    actor.send({ type: 'twoFactor.codeChanged', code: '765' });
    actor.send({ type: 'twoFactor.deactivate' });
    expect(deactivate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errorKey).toBe('');

    actor.send({ type: 'twoFactor.codeChanged', code: '1111111' });
    actor.send({ type: 'twoFactor.deactivate' });
    await waitFor(actor, (snapshot) => Boolean(snapshot.context.errorKey));
    expect(actor.getSnapshot().context.errorKey).toBe('errors.twoFactorInvalidOtp');
    expect(actor.getSnapshot().context.code).toBe('');

    actor.send({ type: 'twoFactor.codeChanged', code: '7654321' });
    actor.send({ type: 'twoFactor.deactivate' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ result: 'deactivated', setupStatus: TwoFactorStatus.INACTIVE });
    expect(actor.getSnapshot().context.step).toBe(1);
  });

  it('cancel closes with the status unchanged and the code cleared', async () => {
    const { actor } = start(TwoFactorStatus.INACTIVE);
    actor.send({ type: 'twoFactor.generate' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('step2') && !snapshot.hasTag('busy'));
    actor.send({ type: 'twoFactor.codeChanged', code: '123' });
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.code).toBe('');
    expect(actor.getSnapshot().output).toEqual({ result: 'cancelled', setupStatus: TwoFactorStatus.PENDING });
  });

  it('keeps step 1 and explains a failed generate', async () => {
    const machine = twoFactorSettingsMachine.provide({
      actors: {
        generateSecret: fromPromise(() => Promise.reject(new ApiError(500, { error: 'internal', message: 'x' }))),
      },
    });
    const actor = createActor(machine, { input: { setupStatus: TwoFactorStatus.INACTIVE } }).start();
    actor.send({ type: 'twoFactor.generate' });
    await waitFor(actor, (snapshot) => snapshot.context.errorKey !== null);
    expect(actor.getSnapshot().context.errorKey).toBe('errors.internal');
    expect(actor.getSnapshot().hasTag('step1')).toBe(true);
  });
});
