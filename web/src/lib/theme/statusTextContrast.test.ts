// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DARK_COLORS, LIGHT_COLORS } from './themeColors';

/**
 * Status text (Connected, Not connected, a main app online or offline) is read on table rows,
 * cards and tiles of both themes: WCAG 2.2 AA asks 4.5:1 for text of its size. The colours are
 * app.css's custom properties (STATUS_TEXT_COLORS), read here as the browser would take them.
 */
function declared(selector: string, property: string): string {
  const block = new RegExp(`(^|\\n)${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[2] ?? '';
  const value = new RegExp(`${property}:\\s*(#[0-9a-fA-F]{6})`).exec(block)?.[1];
  if (!value) throw new Error(`${selector} declares no ${property}`);
  return value;
}

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/** The surfaces status text sits on: the page and cards, and in the dark theme the rows and panels a shade lighter. */
const SURFACES = {
  ':root': [LIGHT_COLORS.surface, '#F6F7F9'],
  '.bp6-dark': [DARK_COLORS.surface, '#2F343C', DARK_COLORS.grid],
} as const;

const css = readFileSync(new URL('../../app/app.css', import.meta.url), 'utf8');

describe('status text colours', () => {
  it('reads at 4.5:1 or better on every surface of its theme', () => {
    const ratios: string[] = [];
    for (const [selector, surfaces] of Object.entries(SURFACES))
      for (const property of ['--halo-online-text', '--halo-offline-text'])
        for (const surface of surfaces) {
          const ratio = contrast(declared(selector, property), surface);
          if (ratio < 4.5) ratios.push(`${selector} ${property} on ${surface}: ${ratio.toFixed(2)}:1`);
        }
    expect(ratios).toEqual([]);
  });

  it('measures as WCAG does', () => {
    expect(contrast('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    // The Not connected red of before on a dark row: what the operator could barely read.
    expect(contrast('#D32F2F', '#2F343C')).toBeLessThan(3);
  });
});
