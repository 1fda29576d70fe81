import { ApiError, type VpnCertificateRequest } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { certificateMachine } from './certificateMachine';

const request: VpnCertificateRequest = { certificationType: 1, certificateCN: 'laptop-7', profileId: 4 };

function start(generate: (input: VpnCertificateRequest) => Promise<void>) {
  const actor = createActor(
    certificateMachine.provide({ actors: { generate: fromPromise(({ input }) => generate(input)) } }),
  );
  actor.start();
  actor.send({ type: 'certificate.open', profileId: 4 });
  return actor;
}

describe('certificateMachine', () => {
  it('opens with the default type 1 and the given profile', () => {
    const actor = start(() => Promise.resolve());
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ certificationType: 1, certificateCN: '', profileId: 4 });
  });

  it('stays open and shows every problem when the form is not valid', () => {
    const actor = start(() => Promise.resolve());
    actor.send({ type: 'certificate.generate', request: null });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(actor.getSnapshot().context.submitted).toBe(true);
  });

  it('generates, then closes and clears the form', async () => {
    const asked: VpnCertificateRequest[] = [];
    const actor = start((input) => {
      asked.push(input);
      return Promise.resolve();
    });
    actor.send({
      type: 'certificate.change',
      values: { certificationType: 1, certificateCN: 'laptop-7', profileId: 4 },
    });
    actor.send({ type: 'certificate.generate', request });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(asked).toEqual([request]);
    expect(actor.getSnapshot().context.values.certificateCN).toBe('');
  });

  it('shows 92 and the 500 VPN generate failure and keeps the dialog open', async () => {
    const privateProfile = start(() =>
      Promise.reject(
        new ApiError(400, { error: 92, message: 'Certificates cannot be generated for a private profile' }),
      ),
    );
    privateProfile.send({ type: 'certificate.generate', request });
    await waitFor(privateProfile, (snapshot) => snapshot.context.errorKey !== null);
    expect(privateProfile.getSnapshot().context.errorKey).toBe('errors.privateProfileCertificate');
    expect(privateProfile.getSnapshot().hasTag('dialog')).toBe(true);

    const failing = start(() => Promise.reject(new ApiError(500, { error: 'vpnGenerateFailed', message: 'x' })));
    failing.send({ type: 'certificate.generate', request });
    await waitFor(failing, (snapshot) => snapshot.context.errorKey !== null);
    expect(failing.getSnapshot().context.errorKey).toBe('errors.vpnGenerateFailed');
  });

  it('names the custom keys a stored profile holds that are no longer allowed (83)', async () => {
    const legacy = start(() =>
      Promise.reject(
        new ApiError(400, {
          error: 83,
          message: 'Duplicate or not allowed custom keys',
          fields: { not_allowed_keys: ['genkey', 'dev-node'], keys: 'genkey, dev-node' },
        }),
      ),
    );
    legacy.send({ type: 'certificate.generate', request });
    await waitFor(legacy, (snapshot) => snapshot.context.errorKey !== null);
    expect(legacy.getSnapshot().context).toMatchObject({
      errorKey: 'errors.customKeys',
      errorDetail: { key: 'errors.customKeysNotAllowed', params: { keys: 'genkey, dev-node' } },
    });
  });

  it('says to edit the profile when a stored value cannot be written into the file', async () => {
    const unwritable = start(() =>
      Promise.reject(
        new ApiError(400, {
          error: 1,
          message: 'Required fields missing',
          fields: { 'advanced_config.custom_fields.0.key_value': 'validation.customValue' },
        }),
      ),
    );
    unwritable.send({ type: 'certificate.generate', request });
    await waitFor(unwritable, (snapshot) => snapshot.context.errorKey !== null);
    expect(unwritable.getSnapshot().context.errorKey).toBe('dataPath.certificate.profileNotWritable');
  });
});
