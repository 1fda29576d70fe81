#!/usr/bin/env node
// Writes deploy/basemap/sample.mbtiles: a tiny raster MBTiles (zoom 0-2, 21 PNG tiles, each a
// flat colour per zoom with a darker border, so tile edges show) for the gateway's and the
// end-to-end tests of HALO_BASEMAP_MBTILES. A real installation supplies its own street-level
// file (deploy/configuration.md). Run: node deploy/basemap/make-sample-mbtiles.mjs
import { rmSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';
import Database from 'better-sqlite3';

const SIZE = 256;
const COLOURS = [
  [205, 224, 240],
  [214, 232, 206],
  [240, 226, 200],
];

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, check]);
}

/** A SIZE x SIZE RGB PNG of one colour with a 4-pixel border a third darker. */
function tile([red, green, blue]) {
  const rows = [];
  for (let y = 0; y < SIZE; y += 1) {
    const row = Buffer.alloc(1 + SIZE * 3);
    for (let x = 0; x < SIZE; x += 1) {
      const edge = x < 4 || y < 4 || x >= SIZE - 4 || y >= SIZE - 4;
      const shade = edge ? 2 / 3 : 1;
      row[1 + x * 3] = Math.round(red * shade);
      row[2 + x * 3] = Math.round(green * shade);
      row[3 + x * 3] = Math.round(blue * shade);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const target = new URL('./sample.mbtiles', import.meta.url).pathname;
rmSync(target, { force: true });
const db = new Database(target);
db.exec(`create table metadata (name text, value text);
  create table tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);
  create unique index tile_index on tiles (zoom_level, tile_column, tile_row);`);
const meta = db.prepare('insert into metadata (name, value) values (?, ?)');
for (const [name, value] of Object.entries({
  name: 'Halo Console sample basemap',
  format: 'png',
  type: 'baselayer',
  minzoom: '0',
  maxzoom: '2',
  bounds: '-180,-85.0511,180,85.0511',
  attribution: 'Sample tiles (flat colours), for tests',
}))
  meta.run(name, value);
const insert = db.prepare('insert into tiles (zoom_level, tile_column, tile_row, tile_data) values (?, ?, ?, ?)');
for (let zoom = 0; zoom <= 2; zoom += 1) {
  const image = tile(COLOURS[zoom]);
  for (let column = 0; column < 2 ** zoom; column += 1)
    for (let row = 0; row < 2 ** zoom; row += 1) insert.run(zoom, column, row, image);
}
db.exec('vacuum');
db.close();
console.log(`wrote ${target}`);
