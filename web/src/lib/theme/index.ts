export { THEME_STORAGE_KEY, ThemeStore, themeStore } from './theme';
