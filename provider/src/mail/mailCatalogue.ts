import type { Locale } from '@halo/shared';

/** Whose password a reset link sets: an account is a username within an environment. */
export interface ResetAccount {
  readonly username: string;
  readonly environment: string;
}

/** The words of the password reset mail in one language. */
export interface PasswordResetMailText {
  readonly subject: (account: ResetAccount) => string;
  readonly greeting: (account: ResetAccount) => string;
  readonly request: (account: ResetAccount) => string;
  readonly open: (validMinutes: number) => string;
  readonly ignore: string;
}

/**
 * What the provider's mails say, in every locale of the console: users read them, so they
 * are not written in a handler. A locale added to LOCALES fails the type check here until
 * its mails are written.
 */
export const MAIL_CATALOGUE = {
  'en-US': {
    passwordReset: {
      subject: ({ username, environment }) =>
        `Halo Console: reset the password of ${username} in environment ${environment}`,
      greeting: ({ username }) => `Hello ${username},`,
      request: ({ username, environment }) =>
        `Someone asked to reset the password of the Halo Console account ${username} in environment ${environment}.`,
      open: (validMinutes) =>
        `Open the link in this message within ${validMinutes} minutes to choose a new password for that account.`,
      ignore: 'If it was not you, ignore this message; the password stays as it is.',
    },
  },
  'he-IL': {
    passwordReset: {
      subject: ({ username, environment }) => `Halo Console: איפוס הסיסמה של ${username} בסביבה ${environment}`,
      greeting: ({ username }) => `שלום ${username},`,
      request: ({ username, environment }) =>
        `התקבלה בקשה לאפס את הסיסמה של החשבון ${username} בסביבה ${environment} ב-Halo Console.`,
      open: (validMinutes) => `פתח את הקישור שבהודעה זו בתוך ${validMinutes} דקות כדי לבחור סיסמה חדשה לחשבון זה.`,
      ignore: 'אם לא אתה ביקשת, התעלם מההודעה; הסיסמה נשארת כפי שהיא.',
    },
  },
} as const satisfies Record<Locale, { readonly passwordReset: PasswordResetMailText }>;
