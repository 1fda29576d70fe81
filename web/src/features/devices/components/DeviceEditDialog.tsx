import type { Device } from '@halo/shared';
import { CrudEditDialog } from '../../../crud';
import { devicesScreen } from '../devicesScreen';

/** The Devices screen's declaration for editing one device: no list, toolbar or row buttons of its own. */
const deviceEditDefinition = devicesScreen({
  list: () => null,
  toolbar: () => null,
  rowLinks: [],
  // Only a new server is offered ports by the servers known; editing keeps the device's own.
  knownServers: () => [],
});

export interface DeviceEditDialogProps {
  /** The device to edit; null keeps the dialog closed. */
  readonly device: Device | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

/** The Devices screen's edit dialog for one device (its page's Edit button). */
export function DeviceEditDialog({ device, onClose, onSaved }: DeviceEditDialogProps) {
  return <CrudEditDialog definition={deviceEditDefinition} row={device} onClose={onClose} onSaved={onSaved} />;
}
