import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  isLocale,
  LOCALES,
  LOCALE_STORAGE_KEY,
  RIGHT_TO_LEFT_LOCALES,
  type Locale,
} from '@halo/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './locales/enUS';
import { heIL } from './locales/heIL';

export const RESOURCES = {
  'en-US': { translation: enUS },
  'he-IL': { translation: heIL },
} as const satisfies Record<Locale, { translation: object }>;

/** One rule for what a locale is, in shared (the provider reads a user's e-mail language with it). */
export { isLocale };

/** The stored choice (localStorage `lang`) when it is a locale we have, else the default. */
export function storedLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function isRightToLeft(locale: string): boolean {
  return (RIGHT_TO_LEFT_LOCALES as readonly string[]).includes(locale);
}

/** `<html lang dir>` follow the language, so the browser and Blueprint lay out right to left for he-IL. */
export function applyDocumentLocale(locale: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}

export function createI18n(locale: Locale = storedLocale()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: RESOURCES,
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance.on('languageChanged', applyDocumentLocale);
  return instance;
}

/** The app's instance, created on the stored locale. */
export const i18n = createI18n();
applyDocumentLocale(i18n.language);
