import type { Locale } from '@halo/shared';

/** Whose password a reset link sets: an account is a username within an environment. */
export interface ResetAccount {
  readonly username: string;
  readonly environment: string;
}

/**
 * The words of a mail that carries an account's single-use link (a password reset, a new
 * e-mail address to confirm) in one language.
 */
export interface AccountLinkMailText {
  readonly subject: (account: ResetAccount) => string;
  readonly greeting: (account: ResetAccount) => string;
  readonly request: (account: ResetAccount) => string;
  readonly open: (validMinutes: number) => string;
  readonly ignore: string;
}

/** What an alarm mail is about: whose, where, how many. */
export interface AlarmMailFacts {
  readonly username: string;
  readonly environment: string;
  /** Alarms it tells of as new (an update) or that are open (a reminder). */
  readonly count: number;
  /** How many alarms are open in all, at or above the user's severity. */
  readonly open: number;
  /** The user's severity, as a label. */
  readonly severity: string;
}

/** The words of the alarm mail in one language (jobs/alarmMail.ts). */
export interface AlarmMailText {
  readonly subject: (facts: AlarmMailFacts) => string;
  readonly reminderSubject: (facts: AlarmMailFacts) => string;
  readonly greeting: (facts: AlarmMailFacts) => string;
  readonly news: (facts: AlarmMailFacts) => string;
  readonly reminder: (facts: AlarmMailFacts) => string;
  readonly more: (count: number) => string;
  /** Active alarms a silence keeps out of the message (planned maintenance), and where to see the silences. */
  readonly silenced: (count: number) => string;
  readonly open: string;
  readonly why: (facts: AlarmMailFacts) => string;
}

/** What an alarm digest is about: whose, where, how many are open and how many nobody acknowledged. */
export interface AlarmDigestFacts {
  readonly username: string;
  readonly environment: string;
  /** Open alarms that reach the user (silenced ones left out). */
  readonly open: number;
  /** Of them, those nobody acknowledged. */
  readonly unacknowledged: number;
  /** The user's severity, as a label. */
  readonly severity: string;
}

/** One severity's line of the digest: its label, open alarms, and those nobody acknowledged. */
export interface AlarmDigestCount {
  readonly severity: string;
  readonly open: number;
  readonly unacknowledged: number;
}

/** The words of the daily alarm digest in one language (jobs/alarmDigest.ts). */
export interface AlarmDigestText {
  readonly subject: (facts: AlarmDigestFacts) => string;
  readonly greeting: (facts: AlarmDigestFacts) => string;
  readonly summary: (facts: AlarmDigestFacts) => string;
  readonly count: (count: AlarmDigestCount) => string;
  readonly worst: string;
  /** An alarm's open time, and whether someone acknowledged it. */
  readonly since: (time: string, acknowledged: boolean) => string;
  readonly more: (count: number) => string;
  readonly silenced: (count: number) => string;
  readonly open: string;
  readonly why: (facts: AlarmDigestFacts) => string;
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
    emailChange: {
      subject: ({ username, environment }) =>
        `Halo Console: confirm the new e-mail address of ${username} in environment ${environment}`,
      greeting: ({ username }) => `Hello ${username},`,
      request: ({ username, environment }) =>
        `Someone asked to make this the e-mail address of the Halo Console account ${username} in environment ${environment}.`,
      open: (validMinutes) =>
        `Open the link in this message within ${validMinutes} minutes to confirm it; until then the account keeps its old address.`,
      ignore: 'If it was not you, ignore this message; the address stays as it is.',
    },
    alarms: {
      subject: ({ count, environment }) =>
        `Halo Console: ${count} new ${count === 1 ? 'alarm' : 'alarms'} in ${environment}`,
      reminderSubject: ({ open, environment }) =>
        `Halo Console: ${open} ${open === 1 ? 'alarm is' : 'alarms are'} still open in ${environment}`,
      greeting: ({ username }) => `Hello ${username},`,
      news: ({ count, open }) =>
        `${count === 1 ? 'An alarm was' : `${count} alarms were`} raised or got worse; ${open} ${open === 1 ? 'is' : 'are'} open now.`,
      reminder: ({ open }) =>
        `${open === 1 ? 'An alarm is' : `${open} alarms are`} still open and nobody acknowledged ${open === 1 ? 'it' : 'them'}.`,
      more: (count) => `and ${count} more`,
      silenced: (count) =>
        `${count === 1 ? 'One more alarm is' : `${count} more alarms are`} open but silenced (planned maintenance), so not in this message; the Silences screen says by whom, why and until when.`,
      open: 'Open the Alarms screen:',
      why: ({ severity }) =>
        `You get alarms of severity ${severity} and above. Turn these e-mails off in Settings, Notifications.`,
    },
    digest: {
      subject: ({ open, environment }) =>
        `Halo Console: daily digest, ${open} open ${open === 1 ? 'alarm' : 'alarms'} in ${environment}`,
      greeting: ({ username }) => `Hello ${username},`,
      summary: ({ open, unacknowledged, environment }) =>
        `${open === 1 ? 'One alarm is' : `${open} alarms are`} open in ${environment} and the environments below it; ${unacknowledged === 0 ? 'all are acknowledged' : `${unacknowledged} nobody acknowledged`}.`,
      count: ({ severity, open, unacknowledged }) => `${severity}: ${open} open, ${unacknowledged} not acknowledged`,
      worst: 'The worst, the oldest first:',
      since: (time, acknowledged) => `open since ${time}${acknowledged ? ', acknowledged' : ''}`,
      more: (count) => `and ${count} more`,
      silenced: (count) =>
        `${count === 1 ? 'One silenced alarm is' : `${count} silenced alarms are`} left out of this digest.`,
      open: 'Open the Alarms screen:',
      why: ({ severity }) =>
        `You asked for a daily digest of the open alarms of severity ${severity} and above; none comes on a day with none open. Turn it off in Settings, Notifications.`,
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
    emailChange: {
      subject: ({ username, environment }) =>
        `Halo Console: אישור כתובת הדוא"ל החדשה של ${username} בסביבה ${environment}`,
      greeting: ({ username }) => `שלום ${username},`,
      request: ({ username, environment }) =>
        `התקבלה בקשה לקבוע כתובת זו ככתובת הדוא"ל של החשבון ${username} בסביבה ${environment} ב-Halo Console.`,
      open: (validMinutes) =>
        `פתח את הקישור שבהודעה זו בתוך ${validMinutes} דקות כדי לאשר אותה; עד אז נשארת לחשבון הכתובת הקודמת.`,
      ignore: 'אם לא אתה ביקשת, התעלם מההודעה; הכתובת נשארת כפי שהיא.',
    },
    alarms: {
      subject: ({ count, environment }) =>
        count === 1
          ? `Halo Console: התראה חדשה בסביבה ${environment}`
          : `Halo Console: ${count} התראות חדשות בסביבה ${environment}`,
      reminderSubject: ({ open, environment }) =>
        open === 1
          ? `Halo Console: התראה אחת עדיין פתוחה בסביבה ${environment}`
          : `Halo Console: ${open} התראות עדיין פתוחות בסביבה ${environment}`,
      greeting: ({ username }) => `שלום ${username},`,
      news: ({ count, open }) =>
        `${count === 1 ? 'התראה אחת נפתחה או החמירה' : `${count} התראות נפתחו או החמירו`}; ${open === 1 ? 'התראה אחת פתוחה' : `${open} התראות פתוחות`} כעת.`,
      reminder: ({ open }) =>
        open === 1
          ? 'התראה אחת עדיין פתוחה ואיש לא אישר את קבלתה.'
          : `${open} התראות עדיין פתוחות ואיש לא אישר את קבלתן.`,
      more: (count) => `ועוד ${count}`,
      silenced: (count) =>
        `${count === 1 ? 'התראה נוספת פתוחה אך מושתקת' : `${count} התראות נוספות פתוחות אך מושתקות`} (תחזוקה מתוכננת) ולכן אינן בהודעה זו; מסך ההשתקות מפרט מי השתיק, למה ועד מתי.`,
      open: 'למסך ההתראות:',
      why: ({ severity }) => `אתה מקבל התראות בחומרה ${severity} ומעלה. אפשר לכבות הודעות אלה בהגדרות, התראות.`,
    },
    digest: {
      subject: ({ open, environment }) =>
        open === 1
          ? `Halo Console: סיכום יומי, התראה אחת פתוחה בסביבה ${environment}`
          : `Halo Console: סיכום יומי, ${open} התראות פתוחות בסביבה ${environment}`,
      greeting: ({ username }) => `שלום ${username},`,
      summary: ({ open, unacknowledged, environment }) =>
        `${open === 1 ? 'התראה אחת פתוחה' : `${open} התראות פתוחות`} בסביבה ${environment} ובסביבות שמתחתיה; ${unacknowledged === 0 ? 'קבלת כולן אושרה' : `${unacknowledged} מהן טרם אושרו`}.`,
      count: ({ severity, open, unacknowledged }) =>
        `${severity}: ${open === 1 ? 'אחת פתוחה' : `${open} פתוחות`}, ${unacknowledged === 1 ? 'אחת לא אושרה' : `${unacknowledged} לא אושרו`}`,
      worst: 'החמורות ביותר, הוותיקות קודם:',
      since: (time, acknowledged) => `פתוחה מאז ${time}${acknowledged ? ', אושרה' : ''}`,
      more: (count) => `ועוד ${count}`,
      silenced: (count) =>
        count === 1 ? 'התראה מושתקת אחת אינה נכללת בסיכום זה.' : `${count} התראות מושתקות אינן נכללות בסיכום זה.`,
      open: 'למסך ההתראות:',
      why: ({ severity }) =>
        `ביקשת סיכום יומי של ההתראות הפתוחות בחומרה ${severity} ומעלה; ביום שאין בו התראות פתוחות לא יישלח סיכום. אפשר לכבות אותו בהגדרות, התראות.`,
    },
  },
} as const satisfies Record<
  Locale,
  {
    readonly passwordReset: AccountLinkMailText;
    readonly emailChange: AccountLinkMailText;
    readonly alarms: AlarmMailText;
    readonly digest: AlarmDigestText;
  }
>;
