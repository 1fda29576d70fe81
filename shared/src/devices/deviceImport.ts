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
/** The largest import file, in bytes (20 MB): a file of exactly this size is read. */
export const DEVICE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const DEVICE_IMPORT_FILE_FIELD = 'file';

/**
 * Why a row was not created, as POST /devices would have said it: the section 8 code (1 for a
 * value a section 5 rule refused), the i18n key of the rule or the code's message with the
 * rule's placeholders ({0}, {1}; a text in the first names the field), and for a conflict
 * (50-52) what the catalogue's detail names (51: the pairing id and the device holding it).
 */
export const DeviceImportProblemSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  params: z.array(z.union([z.string(), z.number()])),
  fields: z.record(z.string(), z.unknown()).optional(),
});
export type DeviceImportProblem = z.infer<typeof DeviceImportProblemSchema>;

/** One row of the import report: which device, whether it was created, and why not. */
export const DeviceImportReportRowSchema = z.object({
  name: z.string(),
  pairing_id: z.string(),
  success: z.boolean(),
  /**
   * The failure for a reader of the API: a conflict's English sentence (naming the device that
   * holds the pairing id or ports) or the refused rule's i18n key; null on success. A console
   * shows `problem`.
   */
  error: z.string().nullable(),
  /** The failure in full, to be shown through the catalogue; null or absent on success. */
  problem: DeviceImportProblemSchema.nullable().optional(),
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
