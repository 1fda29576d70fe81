import {
  API,
  TwoFactorStatus,
  isOtpCode,
  sanitizeOtpInput,
  type TwoFactorStatus as TwoFactorStatusValue,
} from '@halo/shared';
import QRCode from 'qrcode';
import { assign, fromPromise, setup } from 'xstate';
import { api, errorMessageKey } from '../../lib/api';

/** The dialog's steps (spec section 4): 1 explain + generate, 2 scan + activate, 3 active. */
export type TwoFactorStep = 1 | 2 | 3;

export interface TwoFactorSettingsContext {
  readonly step: TwoFactorStep;
  readonly setupStatus: TwoFactorStatusValue;
  readonly otpUri: string;
  readonly qrDataUrl: string;
  readonly code: string;
  /** i18n key of the last failure; '' for the silent refusal of an incomplete deactivation code. */
  readonly errorKey: string | null;
  readonly result: TwoFactorSettingsOutput['result'];
}

export type TwoFactorSettingsEvent =
  | { type: 'twoFactor.generate' }
  | { type: 'twoFactor.codeChanged'; code: string }
  | { type: 'twoFactor.deactivate' }
  | { type: 'twoFactor.cancel' };

export interface TwoFactorSettingsOutput {
  readonly result: 'activated' | 'deactivated' | 'cancelled';
  readonly setupStatus: TwoFactorStatusValue;
}

export interface GeneratedSecret {
  readonly otpUri: string;
  readonly setupStatus: TwoFactorStatusValue;
  readonly qrDataUrl: string;
}

export const generateSecretActor = fromPromise<GeneratedSecret, void>(async ({ signal }) => {
  const answer = await api.call(API.twoFactor.setup, {}, { signal });
  const qrDataUrl = await QRCode.toDataURL(answer.otpUri, { margin: 1, width: 200 });
  return { otpUri: answer.otpUri, setupStatus: answer.setupStatus, qrDataUrl };
});

/** Activation answers the new status. */
export const activateActor = fromPromise<TwoFactorStatusValue, { otp_code: string }>(async ({ input, signal }) => {
  const answer = await api.call(API.twoFactor.activate, { body: input }, { signal });
  return answer.setupStatus;
});

export const deactivateActor = fromPromise<void, { otp_code: string }>(async ({ input, signal }) => {
  await api.call(API.twoFactor.deactivate, { body: input }, { signal });
});

const codeOf = (event: TwoFactorSettingsEvent) =>
  event.type === 'twoFactor.codeChanged' ? sanitizeOtpInput(event.code) : '';

export const twoFactorSettingsMachine = setup({
  types: {
    context: {} as TwoFactorSettingsContext,
    events: {} as TwoFactorSettingsEvent,
    input: {} as { setupStatus: TwoFactorStatusValue },
    output: {} as TwoFactorSettingsOutput,
  },
  actors: {
    generateSecret: generateSecretActor,
    activate: activateActor,
    deactivate: deactivateActor,
  },
  actions: {
    assignCode: assign({ code: ({ event }) => codeOf(event) }),
  },
  guards: {
    isActive: ({ context }) => context.setupStatus === TwoFactorStatus.ACTIVE,
    typedFullCode: ({ event }) => isOtpCode(codeOf(event)),
    hasFullCode: ({ context }) => isOtpCode(context.code),
  },
}).createMachine({
  id: 'twoFactorSettings',
  context: ({ input }) => ({
    step: input.setupStatus === TwoFactorStatus.ACTIVE ? 3 : 1,
    setupStatus: input.setupStatus,
    otpUri: '',
    qrDataUrl: '',
    code: '',
    errorKey: null,
    result: 'cancelled',
  }),
  initial: 'choosing',
  on: {
    // Cancel clears the code and the validation and closes (spec section 4).
    'twoFactor.cancel': { target: '.cancelled', actions: assign({ code: '', errorKey: null }) },
  },
  states: {
    choosing: {
      always: [{ guard: 'isActive', target: 'active' }, { target: 'initial' }],
    },
    initial: {
      tags: ['step1'],
      on: { 'twoFactor.generate': 'generating' },
    },
    generating: {
      tags: ['step1', 'busy'],
      entry: assign({ errorKey: null }),
      invoke: {
        src: 'generateSecret',
        onDone: [
          {
            // The step becomes the returned status: 3 means it is active already.
            guard: ({ event }) => event.output.setupStatus === TwoFactorStatus.ACTIVE,
            target: 'active',
            actions: assign({ setupStatus: TwoFactorStatus.ACTIVE, step: 3 }),
          },
          {
            target: 'activation',
            actions: assign({
              step: 2,
              setupStatus: ({ event }) => event.output.setupStatus,
              otpUri: ({ event }) => event.output.otpUri,
              qrDataUrl: ({ event }) => event.output.qrDataUrl,
            }),
          },
        ],
        onError: { target: 'initial', actions: assign({ errorKey: ({ event }) => errorMessageKey(event.error) }) },
      },
    },
    activation: {
      tags: ['step2'],
      on: {
        // Activation runs by itself once the 7th digit is in.
        'twoFactor.codeChanged': [
          { guard: 'typedFullCode', target: 'activating', actions: ['assignCode', assign({ errorKey: null })] },
          { actions: 'assignCode' },
        ],
      },
    },
    activating: {
      tags: ['step2', 'busy'],
      invoke: {
        src: 'activate',
        input: ({ context }) => ({ otp_code: context.code }),
        onDone: {
          target: 'activated',
          actions: assign({
            step: 3,
            setupStatus: ({ event }) => event.output,
            otpUri: '',
            qrDataUrl: '',
            code: '',
            result: 'activated',
          }),
        },
        // The field is cleared after every attempt.
        onError: {
          target: 'activation',
          actions: assign({ code: '', errorKey: ({ event }) => errorMessageKey(event.error) }),
        },
      },
    },
    active: {
      tags: ['step3'],
      on: {
        'twoFactor.codeChanged': { actions: ['assignCode', assign({ errorKey: null })] },
        'twoFactor.deactivate': [
          { guard: 'hasFullCode', target: 'deactivating' },
          // An incomplete code fails silently (spec section 5).
          { actions: assign({ errorKey: '' }) },
        ],
      },
    },
    deactivating: {
      tags: ['step3', 'busy'],
      invoke: {
        src: 'deactivate',
        input: ({ context }) => ({ otp_code: context.code }),
        onDone: {
          target: 'deactivated',
          actions: assign({ step: 1, setupStatus: TwoFactorStatus.INACTIVE, code: '', result: 'deactivated' }),
        },
        onError: {
          target: 'active',
          actions: assign({ code: '', errorKey: ({ event }) => errorMessageKey(event.error) }),
        },
      },
    },
    activated: { type: 'final' },
    deactivated: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result, setupStatus: context.setupStatus }),
});
