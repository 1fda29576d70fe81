export { THEME_STORAGE_KEY, ThemeStore, themeStore } from './theme';
export {
  chartTooltipStyle,
  DARK_COLORS,
  LIGHT_COLORS,
  sideAxisProps,
  STATUS_TEXT_COLORS,
  useDarkTheme,
  useThemeColors,
  type ThemeColors,
} from './themeColors';
