import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const GATEWAY = 'http://127.0.0.1:8080';
const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@halo/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
  },
  define: { __HALO_UI_VERSION__: JSON.stringify(packageJson.version) },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks cache across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|use-sync-external-store)[\\/]/,
              priority: 3,
            },
            { name: 'blueprint', test: /node_modules[\\/]@blueprintjs[\\/]core[\\/]/, priority: 2 },
            // The chart library and what only it uses: loaded with the screens that draw charts, not with the app.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|es-toolkit|eventemitter3|immer|reselect|@reduxjs|redux|react-redux|redux-thunk|tiny-invariant)[\\/]/,
              priority: 2,
            },
            // deck.gl and the offline world map: loaded with HeatSight only (spec 2: its maps script).
            {
              name: 'map',
              test: /node_modules[\\/](@deck\.gl|@luma\.gl|@math\.gl|@loaders\.gl|@probe\.gl|mjolnir\.js|gl-matrix|earcut|world-atlas|topojson-client|@mapbox|wgsl_reflect)[\\/]/,
              priority: 2,
            },
            // MapLibre: only with HALO_MAP_STYLE_URL, when HeatSight draws the configured style.
            {
              name: 'maplibre',
              test: /node_modules[\\/](maplibre-gl|react-map-gl|@vis\.gl[\\/]react-maplibre|@maplibre|bidi-js|kdbush|murmurhash-js|pbf|potpack|quickselect|tinyqueue)[\\/]/,
              priority: 2,
            },
            // Icon paths stay out: Blueprint loads them lazily.
            { name: 'vendor', test: /node_modules[\\/](?!@blueprintjs[\\/]icons[\\/])/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: true },
      // The gateway accepts the live socket from its own origin only (unless HALO_ALLOWED_ORIGINS says otherwise).
      '/socket.io': { target: GATEWAY, ws: true, changeOrigin: true, headers: { origin: GATEWAY } },
      '/live': { target: GATEWAY, ws: true, changeOrigin: true, headers: { origin: GATEWAY } },
    },
  },
});
