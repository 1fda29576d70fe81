import { describe, expect, it } from 'vitest';
import { FOCUS_ZOOM, focusOf, heatSightHref, pinOf } from './heatSightLink';

const searchOf = (href: string) => new URLSearchParams(href.split('?')[1] ?? '');

describe('the HeatSight link', () => {
  it('opens centred on a position, as before, without a pin unless asked', () => {
    const href = heatSightHref(34.78, 32.08);
    expect(href).toBe('/services/heatsight?lon=34.780000&lat=32.080000&zoom=13');
    expect(focusOf(searchOf(href))).toEqual({ longitude: 34.78, latitude: 32.08, zoom: FOCUS_ZOOM });
    expect(pinOf(searchOf(href))).toBeNull();
  });

  it('pins a message’s position with its time, in the address so it can be shared', () => {
    const href = heatSightHref(-171.75, -13.83, { pinTime: '2026-03-01T10:20:30Z' });
    const search = searchOf(href);
    expect(pinOf(search)).toEqual({ longitude: -171.75, latitude: -13.83, time: Date.parse('2026-03-01T10:20:30Z') });
    // The pin's own position: the view the address opens on may be another.
    expect(focusOf(search)).toMatchObject({ longitude: -171.75, latitude: -13.83 });
  });

  it('pins without a time when the message has none, or one that does not read', () => {
    expect(pinOf(searchOf(heatSightHref(10, 20, { pinTime: null })))).toEqual({
      longitude: 10,
      latitude: 20,
      time: null,
    });
    expect(pinOf(searchOf(heatSightHref(10, 20, { pinTime: 'yesterday' })))?.time).toBeNull();
    expect(pinOf(new URLSearchParams('pin=10,20&pinAt=-5'))?.time).toBeNull();
    expect(pinOf(new URLSearchParams('pin=10,20&pinAt=1e12'))?.time).toBeNull();
  });

  it('ignores a pin that names nonsense', () => {
    for (const pin of ['', '10', '10,20,30', 'a,b', '181,0', '0,86', 'Infinity,0', ',20']) {
      expect(pinOf(new URLSearchParams({ pin })), pin).toBeNull();
    }
  });
});
