import { apiPaths, GroupListResponseSchema, GroupWriteSchema, type Group } from '@halo/shared';
import { defineCrudScreen, type ResourceDefinition } from '../../crud';

export interface GroupValues {
  readonly name: string;
}

export const groupsResource: ResourceDefinition<Group> = {
  name: 'groups',
  listPath: apiPaths.groups.list,
  itemPath: apiPaths.groups.item,
  listSchema: GroupListResponseSchema,
  rowsOf: (answer) => GroupListResponseSchema.parse(answer).groups,
};

/** Groups: a name each (spec section 3). */
export const groupsScreen = defineCrudScreen<Group, GroupValues>({
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
  toPayload: (values) => ({ group: { name: values.name } }),
  validationSchema: () => GroupWriteSchema,
});
