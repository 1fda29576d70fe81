import { ApiError, DEFAULT_CERTIFICATION_TYPE, type ErrorDetail, type VpnCertificateRequest } from '@halo/shared';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageKey } from '../../lib/api';
import { certificateErrorDetail, certificateErrorKey } from './certificateDownload';

export interface CertificateValues {
  readonly certificationType: number;
  readonly certificateCN: string;
  readonly profileId: number | null;
}

export const emptyCertificateValues = (): CertificateValues => ({
  certificationType: DEFAULT_CERTIFICATION_TYPE,
  certificateCN: '',
  profileId: null,
});

export interface CertificateContext {
  readonly values: CertificateValues;
  /** True once Generate was pressed: every field shows its problem. */
  readonly submitted: boolean;
  readonly errorKey: string | null;
  readonly errorMessage: string;
  /** What the refusal named (the custom keys of 82 and 83), shown under the message. */
  readonly errorDetail: ErrorDetail | null;
  /** Why the CA service failed, as the answer's generic reason code (shared `OutboundFailure`), if it said. */
  readonly errorReason: string | null;
}

const reasonOf = (error: unknown): string | null => {
  const reason = ApiError.is(error) ? error.body.fields?.reason : undefined;
  return typeof reason === 'string' ? reason : null;
};

export type CertificateEvent =
  | { type: 'certificate.open'; profileId: number | null }
  | { type: 'certificate.change'; values: CertificateValues }
  | { type: 'certificate.generate'; request: VpnCertificateRequest | null }
  | { type: 'certificate.cancel' };

const closed = (): CertificateContext => ({
  values: emptyCertificateValues(),
  submitted: false,
  errorKey: null,
  errorMessage: '',
  errorDetail: null,
  errorReason: null,
});

/**
 * The certificate dialog: open, fill, generate (the file is saved by the actor), then close
 * and clear (section 4). A refusal (92, the VPN generate failure) keeps the dialog open.
 * `certificate.generate` carries the parsed request, or null when the form is not valid.
 */
export const certificateMachine = setup({
  types: { context: {} as CertificateContext, events: {} as CertificateEvent },
  actors: {
    generate: fromPromise<void, VpnCertificateRequest>(() => Promise.reject(new Error('provide generate'))),
  },
  actions: {
    notifyGenerated: () => undefined,
  },
}).createMachine({
  id: 'certificate',
  context: closed,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'certificate.open': {
          target: 'open',
          actions: assign(({ event }) => ({
            ...closed(),
            values: { ...emptyCertificateValues(), profileId: event.profileId },
          })),
        },
      },
    },
    open: {
      tags: ['dialog'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'certificate.change': { actions: assign({ values: ({ event }) => event.values }) },
            'certificate.generate': [
              { guard: ({ event }) => event.request === null, actions: assign({ submitted: true }) },
              {
                target: 'generating',
                actions: assign({
                  submitted: true,
                  errorKey: null,
                  errorMessage: '',
                  errorDetail: null,
                  errorReason: null,
                }),
              },
            ],
            'certificate.cancel': { target: '#certificate.closed', actions: assign(closed) },
          },
        },
        generating: {
          tags: ['busy'],
          invoke: {
            src: 'generate',
            input: ({ event }) =>
              event.type === 'certificate.generate' && event.request ? event.request : ({} as VpnCertificateRequest),
            onDone: { target: '#certificate.closed', actions: ['notifyGenerated', assign(closed)] },
            onError: {
              target: 'idle',
              actions: assign({
                errorKey: ({ event }) => certificateErrorKey(event.error, errorMessageKey),
                errorMessage: ({ event }) => (event.error instanceof Error ? event.error.message : ''),
                errorDetail: ({ event }) => certificateErrorDetail(event.error),
                errorReason: ({ event }) => reasonOf(event.error),
              }),
            },
          },
        },
      },
    },
  },
});
