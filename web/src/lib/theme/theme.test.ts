import { beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, ThemeStore } from './theme';

describe('ThemeStore', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.body.className = '';
  });

  it('is light by default', () => {
    const store = new ThemeStore();
    expect(store.isDark).toBe(false);
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
  });

  it('turns dark, applies Blueprint’s dark class and remembers it for the next page', () => {
    const store = new ThemeStore();
    const seen: boolean[] = [];
    store.isDark$.subscribe((value) => seen.push(value));
    store.setDark(true);
    expect(document.body.classList.contains('bp6-dark')).toBe(true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(new ThemeStore().isDark).toBe(true);
    store.setDark(false);
    expect(seen).toEqual([false, true, false]);
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
  });
});
