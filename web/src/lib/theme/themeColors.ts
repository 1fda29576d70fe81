import { THEME_COLORS } from '@halo/shared';
import { useObservableValue } from '../realtime';
import { themeStore } from './theme';

/** What charts draw with, so they follow the light and dark themes (Blueprint's palette). */
export interface ThemeColors {
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  readonly border: string;
  readonly surface: string;
  readonly hover: string;
  /** The series colours, in order. */
  readonly series: readonly string[];
}

export const LIGHT_COLORS: ThemeColors = {
  text: '#1C2127',
  muted: '#5F6B7C',
  grid: '#DCE0E5',
  border: '#C5CBD3',
  surface: '#FFFFFF',
  hover: 'rgba(143, 153, 168, 0.15)',
  series: [THEME_COLORS.primary, '#D1980B', '#238C2C', '#7961DB'],
};

export const DARK_COLORS: ThemeColors = {
  text: '#F6F7F9',
  muted: '#ABB3BF',
  grid: '#383E47',
  border: '#5F6B7C',
  surface: '#252A31',
  hover: 'rgba(143, 153, 168, 0.25)',
  series: ['#4C90F0', '#FBB360', '#72CA9B', '#BDADFF'],
};

/**
 * The colours of status text (Connected, Not connected, a main app online or offline), as CSS
 * that follows the theme: app.css gives each theme its own, readable on its surfaces (the
 * shared THEME_COLORS are the maps' fills; as text, #D32F2F on a dark row was 2.5:1).
 */
export const STATUS_TEXT_COLORS = {
  online: 'var(--halo-online-text)',
  offline: 'var(--halo-offline-text)',
} as const;

/** Whether the user chose the dark theme, following changes. */
export function useDarkTheme(): boolean {
  const store = themeStore();
  return useObservableValue(store.isDark$, store.isDark);
}

/** The colours of the theme the user chose, following changes. */
export function useThemeColors(): ThemeColors {
  return useDarkTheme() ? DARK_COLORS : LIGHT_COLORS;
}

/** A chart tooltip drawn in the theme's surface colours. */
export function chartTooltipStyle(colors: ThemeColors) {
  return { background: colors.surface, border: `1px solid ${colors.border}`, color: colors.text };
}

/**
 * Props for a chart's side axis: on the left in a left-to-right layout, on the right in a
 * right-to-left one. Its labels are anchored at their end either way: SVG anchors follow the
 * text direction, so "end" reads away from the axis in both instead of over it in he-IL.
 */
export function sideAxisProps(rightToLeft: boolean, tick: { readonly fill: string; readonly fontSize: number }) {
  return { orientation: rightToLeft ? 'right' : 'left', tick: { ...tick, textAnchor: 'end' } } as const;
}
