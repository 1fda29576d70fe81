import Database from 'better-sqlite3';
import { Router, type Request } from 'express';

/** Where the console serves an operator's MBTiles file: its style and its tiles. */
export const BASEMAP_STYLE_PATH = '/basemap/style.json';
const TILE_PATH = '/basemap/tiles/:z/:x/:y';

/** The raster formats a browser draws as they are (a vector file needs a style of its own: HALO_MAP_STYLE_URL). */
const RASTER_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** Zoom levels a tile address may name (MBTiles files stop far below). */
const MAX_ZOOM = 24;

export interface MbtilesBasemap {
  readonly router: Router;
  close(): void;
}

/**
 * An operator's raster MBTiles file (HALO_BASEMAP_MBTILES) served by the console itself, for
 * installations without a tile server: a MapLibre style at /basemap/style.json naming the tiles
 * at /basemap/tiles/{z}/{x}/{y} (XYZ addresses; the file's rows are TMS, flipped here). The
 * file is read-only and opened once; each tile is one lookup by its primary key. A file that
 * is not raster MBTiles is refused when the gateway starts, with what is wrong.
 */
export function mbtilesBasemap(file: string): MbtilesBasemap {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`HALO_BASEMAP_MBTILES: cannot open ${file} (${(error as Error).message})`);
  }
  try {
    const metadata = new Map(
      (db.prepare('select name, value from metadata').all() as { name: string; value: string }[]).map((row) => [
        row.name,
        row.value,
      ]),
    );
    const format = (metadata.get('format') ?? '').toLowerCase();
    const contentType = RASTER_TYPES[format];
    if (!contentType)
      throw new Error(
        `HALO_BASEMAP_MBTILES: ${file} holds "${format || 'unknown'}" tiles; the console serves raster MBTiles (png, jpg, webp). For vector tiles, serve them with a style of your own and set HALO_MAP_STYLE_URL`,
      );
    const zoomOf = (name: string, fallback: number) => {
      const value = Number(metadata.get(name));
      return Number.isInteger(value) && value >= 0 && value <= MAX_ZOOM ? value : fallback;
    };
    const minzoom = zoomOf('minzoom', 0);
    const maxzoom = zoomOf('maxzoom', MAX_ZOOM);
    const attribution = metadata.get('attribution');
    const tileOf = db.prepare<[number, number, number], { tile_data: Buffer }>(
      'select tile_data from tiles where zoom_level = ? and tile_column = ? and tile_row = ?',
    );

    const router = Router();
    router.get(BASEMAP_STYLE_PATH, (request, response) => {
      response.setHeader('Cache-Control', 'no-cache');
      response.json({
        version: 8,
        name: metadata.get('name') ?? 'basemap',
        sources: {
          basemap: {
            type: 'raster',
            // Absolute: MapLibre fetches tiles from its workers, where a path has no page to resolve against.
            tiles: [`${originOf(request)}/basemap/tiles/{z}/{x}/{y}`],
            tileSize: 256,
            minzoom,
            maxzoom,
            ...(attribution ? { attribution } : {}),
          },
        },
        layers: [{ id: 'basemap', type: 'raster', source: 'basemap' }],
      });
    });
    router.get(TILE_PATH, (request, response) => {
      const [z, x, y] = [request.params.z, request.params.x, request.params.y].map((part) =>
        /^\d{1,8}$/.test(String(part)) ? Number(part) : Number.NaN,
      ) as [number, number, number];
      const span = 2 ** z;
      if (!(z <= MAX_ZOOM && x < span && y < span)) {
        response.status(400).json({ error: 'invalid tile address' });
        return;
      }
      const tile = tileOf.get(z, x, span - 1 - y);
      if (!tile) {
        response.status(404).end();
        return;
      }
      response.setHeader('Content-Type', contentType);
      response.setHeader('Cache-Control', 'public, max-age=86400');
      response.end(tile.tile_data);
    });
    return { router, close: () => db.close() };
  } catch (error) {
    db.close();
    const message = (error as Error).message;
    throw message.startsWith('HALO_BASEMAP_MBTILES')
      ? error
      : new Error(`HALO_BASEMAP_MBTILES: ${file} is not an MBTiles file (${message})`);
  }
}

/** The scheme and host the browser asked for (the style names its tiles there). */
const originOf = (request: Request) => `${request.protocol}://${request.get('host') ?? 'localhost'}`;
