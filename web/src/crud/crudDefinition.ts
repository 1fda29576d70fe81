import type { IconName } from '@blueprintjs/icons';
import { fieldProblems, type Capability, type Subject } from '@halo/shared';
import type { ReactNode } from 'react';
import type { CrudMachineOptions, DialogMode } from './crudMachine';
import type { CreateBodyOf, FieldError, ResourceDefinition, UpdateBodyOf } from './resourceClient';
import { formFieldOf } from './problemField';

export interface ColumnDefinition<Row> {
  readonly key: string;
  readonly labelKey: string;
  /** What the column sorts by (and shows, unless `render` says otherwise). */
  readonly value: (row: Row) => string | number | boolean | null;
  readonly render?: (row: Row) => ReactNode;
  readonly sortable?: boolean;
}

export type FieldKind = 'text' | 'password' | 'email' | 'textarea' | 'switch' | 'select' | 'number' | 'custom';

export interface CustomFieldProps<Values> {
  readonly values: Values;
  readonly mode: DialogMode;
  readonly onChange: (values: Values) => void;
  readonly disabled: boolean;
  readonly testId: string;
}

export interface FieldDefinition<Values> {
  /** The value's key; API field problems are matched by it (the last part of their path). */
  readonly name: Extract<keyof Values, string>;
  readonly kind: FieldKind;
  readonly labelKey: string;
  readonly helperKey?: string;
  /** Placeholder per mode, e.g. the password's 'leave empty to keep it' on edit. */
  readonly placeholderKey?: (mode: DialogMode) => string | undefined;
  readonly required?: (mode: DialogMode) => boolean;
  readonly options?: readonly { readonly value: string | number; readonly labelKey: string }[];
  readonly render?: (props: CustomFieldProps<Values>) => ReactNode;
  readonly hidden?: (values: Values, mode: DialogMode, subject: Subject | null) => boolean;
  readonly disabled?: (values: Values, mode: DialogMode) => boolean;
  /** Fields of a named section (e.g. 'advanced') sit in a collapsible part of the dialog. */
  readonly section?: string;
}

export interface RowActionDefinition<Row> {
  readonly name: string;
  readonly icon: IconName;
  readonly labelKey: string;
  /** Body of the confirmation, given `{{name}}`. */
  readonly confirmKey: string;
  readonly successKey: string;
  /** Whether the action applies to the row at all (otherwise it is not shown). */
  readonly visible: (row: Row, subject: Subject | null) => boolean;
}

/** A row button that opens something of the screen's own (a dialog, a panel) instead of calling the API. */
export interface RowLinkDefinition<Row> {
  readonly name: string;
  readonly icon: IconName;
  readonly labelKey: string;
  readonly visible?: (row: Row, subject: Subject | null) => boolean;
  readonly onSelect: (row: Row) => void;
}

/** What a screen's own list view gets in place of the kit's table (e.g. a virtualised, live table). */
export interface CrudListProps<Row> {
  readonly resource: string;
  /** The loaded rows the search text matches (none when the view brings its own: `externalRows`). */
  readonly rows: readonly Row[];
  /** The search box's text. */
  readonly searchText: string;
  /** Bumped each time the list was (re)loaded, after every add, update, delete or action too. */
  readonly loads: number;
  readonly rowId: (row: Row) => number | string;
  /** The per-row buttons (edit, delete, actions), permissions applied. */
  readonly renderActions: (row: Row) => ReactNode;
  readonly actionsLabel: string;
}

/** Anything with zod's safeParse, to run the shared schema over the form as the user types. */
export interface ValidationSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: Parameters<typeof fieldProblems>[0] };
}

/**
 * A CRUD screen as a declaration: which resource, which capabilities, which columns and
 * form fields, how a row becomes form values and form values become a request body.
 * `i18nPrefix` names its texts: `<prefix>.list.*`, `.dialog.*`, `.delete.*`, `.success.*`.
 */
export interface CrudScreenDefinition<Row, Values, CreateBody = unknown, UpdateBody = unknown> extends Omit<
  CrudMachineOptions<Row, Values, CreateBody, UpdateBody>,
  'name' | 'successKeys' | 'actionSuccessKeys'
> {
  readonly resource: ResourceDefinition<Row, unknown, CreateBody, UpdateBody>;
  readonly i18nPrefix: string;
  readonly capabilities: { readonly add: Capability; readonly update: Capability; readonly delete: Capability };
  readonly columns: readonly ColumnDefinition<Row>[];
  readonly fields: readonly FieldDefinition<Values>[];
  /** The shared input schema for a mode; its problems show inline as the user types. */
  readonly validationSchema: (mode: DialogMode) => ValidationSchema;
  /** Text the search box matches (case-insensitive). */
  readonly searchText: (row: Row) => string;
  /** How a row is named in confirmations. */
  readonly rowLabel: (row: Row) => string;
  readonly rowActions?: readonly RowActionDefinition<Row>[];
  readonly rowLinks?: readonly RowLinkDefinition<Row>[];
  /**
   * Row-level permission on top of the update/delete capabilities (spec section 6: a device
   * the user neither created nor may act on); defaults to the capability alone.
   */
  readonly canActOn?: (row: Row, subject: Subject | null, action: 'update' | 'delete') => boolean;
  /** Replaces the kit's HTML table, e.g. with a virtualised table for a long, live list. */
  readonly list?: (props: CrudListProps<Row>) => ReactNode;
  /**
   * The `list` view brings its own rows (the Devices table, from the live fleet, with 100,000
   * devices): the kit loads no list and leaves empty and no-match states to the view.
   */
  readonly externalRows?: boolean;
  /** Rows that can never be edited or deleted (the environment manager). */
  readonly isProtected?: (row: Row) => boolean;
  /** The list the global search and the side menu fill in or clear; defaults to the resource name. */
  readonly searchList?: string;
  /** Extra buttons for the toolbar (e.g. renaming the current environment). */
  readonly toolbar?: () => ReactNode;
  readonly dialogWidth?: number;
  /**
   * The form field a problem of the request body belongs to, by its dotted path, when the
   * form names it differently (`hosts_settings.redundancy_percentage` → `hostRedundancyPercentage`).
   * Defaults to the path's last part.
   */
  readonly fieldOfPath?: (path: string) => string | undefined;
}

/** Every text the kit shows for a screen, by what it is for: the one place its keys are made. */
export interface CrudTextKeys {
  readonly search: string;
  readonly add: string;
  readonly emptyTitle: string;
  readonly emptyDescription: string;
  /** Why a protected row (the environment manager) cannot be edited; only screens with `isProtected`. */
  readonly protectedRow: string | null;
  readonly addTitle: string;
  readonly editTitle: string;
  readonly deleteBody: string;
  readonly added: string;
  readonly updated: string;
  readonly deleted: string;
  /** The heading of each form section. */
  readonly sections: Readonly<Record<string, string>>;
}

export function crudTextKeys(definition: {
  readonly i18nPrefix: string;
  readonly isProtected?: unknown;
  readonly fields: readonly { readonly section?: string }[];
}): CrudTextKeys {
  const prefix = definition.i18nPrefix;
  const sections = [...new Set(definition.fields.flatMap((field) => (field.section ? [field.section] : [])))];
  return {
    search: `${prefix}.list.search`,
    add: `${prefix}.list.add`,
    emptyTitle: `${prefix}.list.emptyTitle`,
    emptyDescription: `${prefix}.list.emptyDescription`,
    protectedRow: definition.isProtected ? `${prefix}.list.protected` : null,
    addTitle: `${prefix}.dialog.addTitle`,
    editTitle: `${prefix}.dialog.editTitle`,
    deleteBody: `${prefix}.delete.body`,
    added: `${prefix}.success.added`,
    updated: `${prefix}.success.updated`,
    deleted: `${prefix}.success.deleted`,
    sections: Object.fromEntries(sections.map((section) => [section, `${prefix}.sections.${section}`])),
  };
}

/**
 * Identity, for type checking at the declaration site: `defineCrudScreen<Group, GroupValues,
 * typeof groupsResource>`. The resource's type brings the contract's create and update bodies,
 * which `toPayload` must produce; it has no default, so a screen cannot leave it out.
 */
export function defineCrudScreen<Row, Values, Resource extends ResourceDefinition<Row, unknown, unknown, unknown>>(
  definition: CrudScreenDefinition<Row, Values, CreateBodyOf<Resource>, UpdateBodyOf<Resource>>,
) {
  return definition;
}

/** The shared schema's problems, by form field (the last part of each issue's path). */
export function validateValues<Row, Values, CreateBody, UpdateBody>(
  definition: CrudScreenDefinition<Row, Values, CreateBody, UpdateBody>,
  values: Values,
  mode: DialogMode,
): Record<string, FieldError> {
  const result = definition.validationSchema(mode).safeParse(definition.toPayload[mode](values));
  if (result.success) return {};
  const problems: Record<string, FieldError> = {};
  for (const problem of fieldProblems(result.error)) {
    const field = formFieldOf(problem.path, definition.fieldOfPath);
    problems[field] ??= { key: problem.key, params: problem.params ?? [field] };
  }
  return problems;
}
