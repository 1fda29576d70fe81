export { ConfirmAlert } from './ConfirmAlert';
export type { ConfirmAlertProps } from './ConfirmAlert';
export { crudTextKeys, defineCrudScreen, validateValues } from './crudDefinition';
export type {
  ColumnDefinition,
  CrudListProps,
  CrudScreenDefinition,
  CustomFieldProps,
  FieldDefinition,
  FieldKind,
  RowActionDefinition,
  RowLinkDefinition,
  ValidationSchema,
} from './crudDefinition';
export { CrudEditDialog } from './CrudEditDialog';
export type { CrudEditDialogProps } from './CrudEditDialog';
export { CrudEmptyState } from './CrudEmptyState';
export { CrudFormDialog } from './CrudFormDialog';
export { CrudFormField } from './CrudFormField';
export { createCrudMachine } from './crudMachine';
export type { CrudContext, CrudEvent, CrudMachine, CrudMachineOptions, DialogMode, SaveInput } from './crudMachine';
export { CrudScreen } from './CrudScreen';
export { CrudTable, RowButton, RowButtonTooltips } from './CrudTable';
export {
  clearListSearch,
  isKeepListSearchNavigationState,
  isListSearchNavigationState,
  KEEP_LIST_SEARCH,
  listSearch,
  setListSearch,
} from './listSearchStore';
export type { ListSearchNavigationState, SearchableList } from './listSearchStore';
export { createResourceClient, defineResource, fieldErrorText, formErrorOf } from './resourceClient';
export type { FieldError, FormError, ResourceClient, ResourceDefinition } from './resourceClient';
export { TranslatedTag, twoFactorTag } from './TranslatedTag';
export type { TranslatedTagProps } from './TranslatedTag';
