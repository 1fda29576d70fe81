import { DEVICE_REPORT_LABELS, isLocale, DEFAULT_LOCALE } from '@halo/shared';

/**
 * What a device's software component is called in the reader's language (the firmware), as the
 * reports' CSV writes it; a component nobody named keeps the device's own word.
 */
export function componentLabel(locale: string, component: string): string {
  const components: Readonly<Record<string, string>> =
    DEVICE_REPORT_LABELS[isLocale(locale) ? locale : DEFAULT_LOCALE].components;
  return Object.hasOwn(components, component) ? (components[component] ?? component) : component;
}
