import { z } from 'zod';

/**
 * Columns of the device import CSV, in order; the header row must name them. ip_addresses
 * holds a server's addresses separated by ';'; is_server is true/false; type is 1 or 2.
 */
export const DEVICE_IMPORT_COLUMNS = [
  'name',
  'pairing_id',
  'type',
  'is_server',
  'ip_addresses',
  'port_from',
  'port_to',
] as const;
export const DEVICE_IMPORT_MAX_BYTES = 1024 * 1024;
export const DEVICE_IMPORT_FILE_FIELD = 'file';

/** One row of the import report: which device, whether it was created, and why not. */
export const DeviceImportReportRowSchema = z.object({
  name: z.string(),
  pairing_id: z.string(),
  success: z.boolean(),
  /** i18n key or server message of the failure; null on success. */
  error: z.string().nullable(),
  /** The CSV line of the record (the header is line 1). */
  row: z.number().int().optional(),
  /** The field at fault, when one is. */
  field: z.string().nullable().optional(),
  /** The created device's id. */
  id: z.number().int().optional(),
});
export type DeviceImportReportRow = z.infer<typeof DeviceImportReportRowSchema>;

export const DeviceImportResponseSchema = z.object({
  report: z.array(DeviceImportReportRowSchema),
  imported: z.number().int().min(0).optional(),
  failed: z.number().int().min(0).optional(),
});
export type DeviceImportResponse = z.infer<typeof DeviceImportResponseSchema>;

/** A CSV upload is recognised by its name or type; anything else is 'validation.invalidFileType'. */
export function isCsvFile(file: { readonly name: string; readonly type?: string }): boolean {
  const byName = /\.csv$/i.test(file.name);
  const byType =
    file.type === undefined ||
    file.type === '' ||
    /^(text\/csv|application\/vnd\.ms-excel|text\/plain)$/.test(file.type);
  return byName && byType;
}
