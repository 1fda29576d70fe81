import { API, canActOnDevice, DeviceCreateSchema, DeviceType, type Device } from '@halo/shared';
import {
  defineCrudScreen,
  type CrudListProps,
  type CrudScreenDefinition,
  defineResource,
  type FieldDefinition,
  type RowLinkDefinition,
} from '../../crud';
import {
  AllowedDaysField,
  AllowedHoursField,
  IdleTimeoutField,
  IpAddressList,
  PortRangeField,
} from './components/DeviceFormFields';
import { deviceFieldOfPath, devicePayload, deviceToValues, emptyDeviceValues, type DeviceValues } from './deviceForm';
import { FixedVersionField } from './components/FixedVersionField';

export const devicesResource = defineResource({
  name: 'devices',
  endpoints: {
    list: API.devices.list,
    create: API.devices.create,
    update: API.devices.update,
    remove: API.devices.remove,
  },
  rowsOf: (answer) => answer.devices,
});

/** The upgrade policy's fields: the device dialog's section, and the bulk action that sets a policy. */
export const UPGRADE_POLICY_FIELDS: readonly FieldDefinition<DeviceValues>[] = [
  {
    name: 'is_auto_upgrade_enabled',
    kind: 'switch',
    labelKey: 'devices.fields.autoUpgrade',
    section: 'upgrade',
  },
  {
    name: 'allowed_days',
    kind: 'custom',
    labelKey: 'devices.fields.allowedDays',
    section: 'upgrade',
    render: (props) => <AllowedDaysField {...props} />,
  },
  {
    name: 'allowed_hours',
    kind: 'custom',
    labelKey: 'devices.fields.allowedHours',
    helperKey: 'devices.fields.hoursHelper',
    section: 'upgrade',
    render: (props) => <AllowedHoursField {...props} />,
  },
  {
    name: 'fixed_version',
    kind: 'custom',
    labelKey: 'devices.fields.fixedVersion',
    section: 'upgrade',
    render: (props) => <FixedVersionField {...props} />,
  },
  {
    name: 'idle_timeout_in_minutes',
    kind: 'custom',
    labelKey: 'devices.fields.idleTimeout',
    section: 'upgrade',
    render: (props) => <IdleTimeoutField {...props} />,
  },
];

/** What the page adds to the declaration: its live table, toolbar and per-row dialogs. */
export interface DevicesScreenParts {
  readonly list: (props: CrudListProps<Device>) => React.ReactNode;
  readonly toolbar: () => React.ReactNode;
  readonly rowLinks: readonly RowLinkDefinition<Device>[];
  /** The servers' records as known now: a new server is offered the first free block of ports they leave. */
  readonly knownServers: () => readonly Device[];
}

/**
 * The Devices screen on the CRUD kit (spec sections 3-6): the server fields appear for a
 * server, the upgrade policy below; edit and delete follow canActOnDevice.
 */
export function devicesScreen(parts: DevicesScreenParts): CrudScreenDefinition<Device, DeviceValues> {
  return defineCrudScreen<Device, DeviceValues, typeof devicesResource>({
    resource: devicesResource,
    i18nPrefix: 'devices',
    capabilities: { add: 'devices.add', update: 'devices.update', delete: 'devices.delete' },
    // The live table (parts.list) owns its columns and brings its rows: the fleet is never listed whole.
    columns: [],
    list: parts.list,
    externalRows: true,
    toolbar: parts.toolbar,
    rowLinks: parts.rowLinks,
    canActOn: (row, subject, action) => canActOnDevice(subject, action, row),
    fields: [
      { name: 'name', kind: 'text', labelKey: 'devices.fields.name', required: () => true },
      { name: 'pairing_id', kind: 'text', labelKey: 'devices.fields.pairingId', required: () => true },
      {
        name: 'type',
        kind: 'select',
        labelKey: 'devices.fields.type',
        options: [
          { value: DeviceType.HALO, labelKey: 'devices.type.halo' },
          { value: DeviceType.DRONECOMMX, labelKey: 'devices.type.dronecommx' },
        ],
      },
      { name: 'is_enabled', kind: 'switch', labelKey: 'devices.fields.enabled' },
      { name: 'is_server', kind: 'switch', labelKey: 'devices.fields.server' },
      {
        name: 'ip_addresses',
        kind: 'custom',
        labelKey: 'devices.fields.ipAddresses',
        required: () => true,
        hidden: (values) => !values.is_server,
        render: (props) => <IpAddressList {...props} />,
      },
      {
        name: 'ports',
        kind: 'custom',
        labelKey: 'devices.fields.ports',
        helperKey: 'devices.fields.portsHelper',
        hidden: (values) => !values.is_server,
        render: (props) => <PortRangeField {...props} />,
      },
      ...UPGRADE_POLICY_FIELDS,
    ],
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    searchText: (row) => `${row.name} ${row.pairing_id}`,
    emptyValues: () => emptyDeviceValues(parts.knownServers()),
    toValues: deviceToValues,
    toPayload: { add: devicePayload, edit: devicePayload },
    validationSchema: () => DeviceCreateSchema,
    fieldOfPath: deviceFieldOfPath,
    dialogWidth: 640,
  });
}
