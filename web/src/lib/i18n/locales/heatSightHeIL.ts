import type { heatSightEnUS } from './heatSightEnUS';

/** he-IL texts of HeatSight (heIL.ts imports them). */
export const heatSightHeIL: typeof heatSightEnUS = {
  toolbar: 'פקדי HeatSight',
  mapLabel: 'מפת איכות הקישורים של הצי',
  metric: 'הצג',
  window: 'חלון זמן',
  metrics: {
    poorLinks: 'קישורים חלשים',
    noConnection: 'אין חיבור',
    signal: 'אות סלולרי',
    density: 'צפיפות מכשירים',
  },
  modes: { live: 'חי', history: 'היסטוריה' },
  windows: { hour: 'השעה האחרונה', day: '24 השעות האחרונות', week: '7 הימים האחרונים' },
  scope: {
    label: 'סביבה',
    own: 'סביבה זו',
    subtree: 'סביבה זו והסביבות שמתחתיה',
  },
  legend: {
    poorLinks: 'שיעור הקישורים שנפלו',
    noConnection: 'שיעור הדגימות ללא קישור',
    signal: 'אות סלולרי ממוצע',
    density: 'היכן המכשירים (יחסי)',
    none: '0%',
    all: '100%',
    signalLow: 'חלש (0%)',
    signalHigh: 'חזק (100%)',
    fewer: 'פחות',
    more: 'יותר',
  },
  status: {
    live_one: 'מכשיר אחד על המפה, בזמן אמת',
    live_other: '{{count}} מכשירים על המפה, בזמן אמת',
    samples_one: 'דגימה אחת',
    samples_other: '{{count}} דגימות',
    cells_one: 'דגימה אחת ב-{{cells}} תאים',
    cells_other: '{{count}} דגימות ב-{{cells}} תאים',
  },
  playback: {
    play: 'הפעל את חלון הזמן',
    pause: 'השהה',
    whole: 'כל החלון: {{from}} – {{to}}',
    range: 'מוצג {{from}} – {{to}}',
  },
  empty: {
    history: 'לא נרשמו מיקומים בסביבה זו בחלון {{window}}.',
    connecting: 'ממתין למצב החי של הצי…',
    live: 'אף מכשיר בסביבה זו אינו מדווח כעת על מיקום.',
  },
  tooltip: {
    connected: 'מחובר',
    disconnected: 'מנותק',
    links: 'קישורים פעילים: {{online}} מתוך {{total}}',
    open: 'לחץ כדי לפתוח במסך המכשירים',
  },
  showOnMap: 'הצג ב-HeatSight',
  styleFailed: 'לא ניתן לטעון את סגנון המפה שהוגדר; מוצגת מפת העולם המובנית.',
};
