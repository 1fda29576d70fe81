export { applyDocumentLocale, createI18n, i18n, isLocale, isRightToLeft, RESOURCES, storedLocale } from './i18n';
export { problemText } from './problemText';
export { SEVERITY_LABEL_KEYS, severityLabelKey } from './labels';
