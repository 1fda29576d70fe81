export { componentLabel } from './componentLabel';
export { applyDocumentLocale, createI18n, i18n, isLocale, isRightToLeft, RESOURCES, storedLocale } from './i18n';
export { isolate, ltrIsolate } from './ltrIsolate';
export { outboundFailureText } from './outboundFailureText';
export { problemText, serverProblemText, type RuleProblem, type ServerProblem } from './problemText';
export {
  ATTRIBUTE_LABEL_KEYS,
  attributeLabelKey,
  AUDIT_ACTION_LABEL_KEYS,
  AUDIT_RESOURCE_LABEL_KEYS,
  auditDetailText,
  codeLabelKey,
  codeLabelText,
  leftToRight,
  logEntryText,
  readingValue,
  SATCOM_LINK_LABEL_KEYS,
  SEVERITY_LABEL_KEYS,
  severityLabelKey,
} from './labels';
export {
  AREA_LABEL_KEYS,
  KIND_LABEL_KEYS,
  PERMISSION_KINDS,
  permissionName,
  permissionNames,
  SPECIAL_KIND_LABEL_KEYS,
  type PermissionArea,
  type PermissionKind,
} from './permissionNames';
