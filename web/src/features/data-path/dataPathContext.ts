import type { Device, OpenVpnProfile } from '@halo/shared';
import { createContext, useContext } from 'react';

/** What the rule and certificate forms pick from, and the page's certificate dialog. */
export interface DataPathLists {
  readonly profiles: readonly OpenVpnProfile[];
  readonly devices: readonly Device[];
  /** Opens the certificate dialog; null when the user may not generate certificates. */
  readonly openCertificateDialog: (() => void) | null;
}

export const DataPathContext = createContext<DataPathLists>({ profiles: [], devices: [], openCertificateDialog: null });

export function useDataPathLists(): DataPathLists {
  return useContext(DataPathContext);
}
