import { textBatch, type TextBatch } from '../../store/keysetPages.js';
import type { DeviceRow } from '../../store/schema.js';
import { deviceView } from './deviceView.js';

/**
 * A batch of GET /devices' rows as the answer's items, each a device as deviceView tells it,
 * already JSON and joined by commas. It runs where the rows were read (a read worker, see
 * readShapers.ts): a 100,000-device list built on the request loop held it 5.5 s (56.8 MB).
 */
export const deviceListBatch = (rows: readonly DeviceRow[]): TextBatch =>
  textBatch(rows, (row) => JSON.stringify(deviceView(row)), ',');
