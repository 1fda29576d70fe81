import { API, GroupWriteSchema, type Group } from '@halo/shared';
import { defineCrudScreen, defineResource } from '../../crud';

export interface GroupValues {
  readonly name: string;
}

export const groupsResource = defineResource({
  name: 'groups',
  endpoints: { list: API.groups.list, create: API.groups.create, update: API.groups.update, remove: API.groups.remove },
  rowsOf: (answer) => answer.groups,
});

/** The body of a group's create and update (the same for both). */
export const groupPayload = (values: GroupValues) => ({ group: { name: values.name } });

/** Groups: a name each (spec section 3). */
export const groupsScreen = defineCrudScreen<Group, GroupValues, typeof groupsResource>({
  resource: groupsResource,
  i18nPrefix: 'groups',
  capabilities: { add: 'groups.add', update: 'groups.update', delete: 'groups.delete' },
  columns: [{ key: 'name', labelKey: 'groups.columns.name', value: (group) => group.name, sortable: true }],
  fields: [{ name: 'name', kind: 'text', labelKey: 'groups.fields.name', required: () => true }],
  rowId: (group) => group.id,
  rowLabel: (group) => group.name,
  searchText: (group) => group.name,
  emptyValues: () => ({ name: '' }),
  toValues: (group) => ({ name: group.name }),
  toPayload: { add: groupPayload, edit: groupPayload },
  validationSchema: () => GroupWriteSchema,
});
