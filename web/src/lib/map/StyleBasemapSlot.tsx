import { lazy, Suspense } from 'react';
import type { StyleBasemapProps } from './StyleBasemap';

/** MapLibre and its style: loaded only when HALO_MAP_STYLE_URL is set. */
const LazyStyleBasemap = lazy(() => import('./StyleBasemap'));

/** deck.gl places a child with a `mapStyle` prop under its canvas and hands it the view. */
export function StyleBasemapSlot(props: StyleBasemapProps) {
  return (
    <Suspense fallback={null}>
      <LazyStyleBasemap {...props} />
    </Suspense>
  );
}
