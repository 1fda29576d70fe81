import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Map, type MapProps } from 'react-map-gl/maplibre';

// Vite bundles the worker as a file of the app's own (no blob: from a CDN, nothing from outside).
setWorkerUrl(workerUrl);

export interface StyleBasemapProps extends Pick<MapProps, 'viewState' | 'style'> {
  /** The MapLibre style's URL (HALO_MAP_STYLE_URL). deck.gl places an element with this prop under its canvas and hands it the view. */
  readonly mapStyle: string;
  /** The style or its sources could not be loaded: the caller falls back to the offline world. */
  readonly onFailed: (message: string) => void;
}

/** A MapLibre style drawn under the deck.gl layers, following deck.gl's view (it takes no input itself). */
export default function StyleBasemap({ mapStyle, viewState, style, onFailed }: StyleBasemapProps) {
  return (
    <Map
      mapStyle={mapStyle}
      viewState={viewState}
      style={style}
      interactive={false}
      attributionControl={{ compact: true }}
      onError={(event) => onFailed(event.error.message)}
    />
  );
}
