import { DEVICE_REPORT_LABELS, FIRMWARE_REPORT_MAX_VERSIONS } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { firmwareCells, firmwareReportOf, type FirmwareCountRow } from './firmwareInUse.js';

const row = (version: string | null, devices: number, fixed: string | null = null): FirmwareCountRow => ({
  firmware_version: version,
  fixed_version: fixed,
  devices,
});

describe('firmwareReportOf', () => {
  it('lists every version, newest first, and leaves nothing out while they are few', () => {
    const report = firmwareReportOf([row('12.6.1', 3, '12.6.2'), row('12.10.0', 2), row(null, 1)]);
    expect(report).toEqual({
      versions: [
        { component: 'firmware', version: '12.10.0', devices: 2, behind_fixed: 0 },
        { component: 'firmware', version: '12.6.1', devices: 3, behind_fixed: 3 },
      ],
      unreported: 1,
      more_versions: null,
    });
  });

  it('lists FIRMWARE_REPORT_MAX_VERSIONS versions, those run by the most devices, and counts the rest', () => {
    // One device each on versions of their own, and two on 1.0 (the oldest: kept for its devices).
    const rows = [
      row('1.0', 2),
      ...Array.from({ length: FIRMWARE_REPORT_MAX_VERSIONS + 4 }, (_, index) => row(`2.${index}`, 1)),
    ];
    const report = firmwareReportOf(rows);
    expect(report.versions).toHaveLength(FIRMWARE_REPORT_MAX_VERSIONS);
    expect(report.versions.at(-1)).toEqual({ component: 'firmware', version: '1.0', devices: 2, behind_fixed: 0 });
    // Among equals, the newest are kept, listed newest first.
    expect(report.versions[0]?.version).toBe(`2.${FIRMWARE_REPORT_MAX_VERSIONS + 3}`);
    expect(report.versions.map((entry) => entry.version)).not.toContain('2.0');
    expect(report.more_versions).toEqual({ versions: 5, devices: 5 });
  });

  it('names the versions left out in the export, in the reader’s language', () => {
    const report = firmwareReportOf([row('3', 4), row('2', 3), row('1', 1), row(null, 2)], 1);
    expect(report.more_versions).toEqual({ versions: 2, devices: 4 });
    expect(firmwareCells(report, DEVICE_REPORT_LABELS['en-US'])).toEqual([
      ['firmware', 'Firmware', '3', 4, 0],
      [null, '2 more versions (not listed)', null, 4, null],
      [null, 'No version reported', null, 2, 0],
    ]);
    expect(firmwareCells(report, DEVICE_REPORT_LABELS['he-IL'])[1]).toEqual([
      null,
      '2 גרסאות נוספות (לא מפורטות)',
      null,
      4,
      null,
    ]);
    expect(DEVICE_REPORT_LABELS['en-US'].moreVersions(1234)).toBe('1,234 more versions (not listed)');
  });
});
