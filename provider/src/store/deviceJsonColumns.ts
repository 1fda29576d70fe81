import {
  DataLinksInfoSchema,
  SystemReportSchema,
  UpgradePolicySchema,
  type DataLinksInfo,
  type SystemReport,
  type UpgradePolicy,
} from '@halo/shared';

/**
 * The devices table's JSON columns read back: what a column holds is checked by its shared
 * schema, and anything else (a broken or old value) reads as null rather than failing the
 * answer or the simulator that reads it.
 */

/** A JSON column's value, or null when it is empty or not JSON. */
export function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function parseUpgradePolicy(text: string | null): UpgradePolicy | null {
  const parsed = UpgradePolicySchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

export function parseLinksInfo(text: string | null): DataLinksInfo | null {
  const parsed = DataLinksInfoSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

export function parseSystemReport(text: string | null): SystemReport | null {
  const parsed = SystemReportSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}
