import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_SETTINGS, parseWebSettings } from './webSettings.js';

describe('parseWebSettings', () => {
  it('reads the map style the gateway wrote', () => {
    expect(parseWebSettings('{"map_style_url":"http://tiles.local:8080/styles/basic/style.json"}')).toEqual({
      map_style_url: 'http://tiles.local:8080/styles/basic/style.json',
    });
  });

  it.each([
    ['no meta element', null],
    ['an empty one', ''],
    ['broken JSON', '{"map_style_url":'],
    ['a non-object', '42'],
  ])('falls back to the defaults on %s', (_name, content) => {
    expect(parseWebSettings(content)).toEqual(DEFAULT_WEB_SETTINGS);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url', 7])('draws no style from %s', (value) => {
    expect(parseWebSettings(JSON.stringify({ map_style_url: value })).map_style_url).toBeNull();
  });
});
