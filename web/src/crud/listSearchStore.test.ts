import { describe, expect, it } from 'vitest';
import { clearListSearch, isListSearchNavigationState, listSearch, setListSearch } from './listSearchStore';

describe('list search store', () => {
  it('keeps one search text per list, filled in and cleared independently', () => {
    const seen: string[] = [];
    const subscription = listSearch('users').subscribe((text) => seen.push(text));
    setListSearch('users', 'dana');
    setListSearch('environments', 'north');
    clearListSearch('users');
    subscription.unsubscribe();
    expect(seen).toEqual(['', 'dana', '']);
    expect(listSearch('environments').value).toBe('north');
    expect(listSearch('users')).toBe(listSearch('users'));
  });

  it('recognises the navigation state a global-search result carries', () => {
    expect(isListSearchNavigationState({ listSearch: 'dana' })).toBe(true);
    expect(isListSearchNavigationState({ listSearch: 3 })).toBe(false);
    expect(isListSearchNavigationState(null)).toBe(false);
    expect(isListSearchNavigationState('dana')).toBe(false);
  });
});
