import { parseWebSettings, WEB_SETTINGS_META_NAME, type WebSettings } from '@halo/shared';

/** The installation's settings, as the gateway wrote them into the page (the defaults under the dev server). */
export const webSettings: WebSettings = parseWebSettings(
  typeof document === 'undefined'
    ? null
    : document.querySelector(`meta[name="${WEB_SETTINGS_META_NAME}"]`)?.getAttribute('content'),
  typeof window === 'undefined' ? undefined : window.location.href,
);
