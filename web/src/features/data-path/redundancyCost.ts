import {
  REDUNDANCY_LEVEL_SENDS,
  REDUNDANCY_PERCENTAGE_MAX,
  REDUNDANCY_PERCENTAGE_MIN,
  RedundancyLevel,
} from '@halo/shared';

/** What a redundancy choice costs on the wire, per GB of payload. */
export interface RedundancyCost {
  /** Copies of every packet at least (a custom percentage adds one more copy to a share of packets). */
  readonly copies: number;
  /** Extra GB sent for every GB of data. */
  readonly extraGbPerGb: number;
  /** True when every packet gets exactly `copies` copies. */
  readonly exact: boolean;
}

/**
 * The cost of a redundancy level: levels 0-3 send 1-4 copies; level 4 sends the percentage
 * on top of the data, so 180% is +1.8 GB per GB and at least 2 copies of every packet.
 * Null when a custom percentage is missing or outside 0-1000 (nothing sensible to show).
 */
export function redundancyCost(level: number, percentage: number | null | undefined): RedundancyCost | null {
  if (level === RedundancyLevel.CUSTOM) {
    if (
      typeof percentage !== 'number' ||
      !Number.isInteger(percentage) ||
      percentage < REDUNDANCY_PERCENTAGE_MIN ||
      percentage > REDUNDANCY_PERCENTAGE_MAX
    )
      return null;
    return {
      copies: 1 + Math.floor(percentage / 100),
      extraGbPerGb: percentage / 100,
      exact: percentage % 100 === 0,
    };
  }
  const sends = (REDUNDANCY_LEVEL_SENDS as Readonly<Record<number, number>>)[level];
  if (sends === undefined) return null;
  return { copies: sends, extraGbPerGb: sends - 1, exact: true };
}

/** The i18n key and values of the cost hint shown next to a redundancy choice. */
export function redundancyCostMessage(
  level: number,
  percentage: number | null | undefined,
): { readonly key: string; readonly values: Readonly<Record<string, string | number>> } {
  const cost = redundancyCost(level, percentage);
  if (!cost) return { key: 'dataPath.redundancy.costUnknown', values: {} };
  const values = { count: cost.copies, extra: formatGb(cost.extraGbPerGb) };
  if (cost.extraGbPerGb === 0) return { key: 'dataPath.redundancy.costNone', values };
  return { key: cost.exact ? 'dataPath.redundancy.costExact' : 'dataPath.redundancy.costAtLeast', values };
}

/** 1.8 → '1.8', 2 → '2', 0.05 → '0.05': at most two decimals, no trailing zeros. */
function formatGb(value: number): string {
  return String(Math.round(value * 100) / 100);
}
