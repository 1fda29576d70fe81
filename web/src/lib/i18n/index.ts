export { applyDocumentLocale, createI18n, i18n, isLocale, isRightToLeft, RESOURCES, storedLocale } from './i18n';
export { problemText } from './problemText';
export {
  ATTRIBUTE_LABEL_KEYS,
  attributeLabelKey,
  AUDIT_ACTION_LABEL_KEYS,
  AUDIT_RESOURCE_LABEL_KEYS,
  SATCOM_LINK_LABEL_KEYS,
  SEVERITY_LABEL_KEYS,
  severityLabelKey,
} from './labels';
