import { SAVED_VIEW_SCREENS, type SavedView, type SavedViewScreen } from '@halo/shared';
import type { Selectable } from 'kysely';
import type { SavedViewsTable } from '../../store/schema.js';

export type SavedViewRow = Selectable<SavedViewsTable>;

const isScreen = (value: string): value is SavedViewScreen => (SAVED_VIEW_SCREENS as readonly string[]).includes(value);

/** A saved view as the calls answer it. */
export function savedViewView(row: SavedViewRow): SavedView {
  // Only the contract's screens are ever written (the body's enum); a row of any other reads as the first.
  const screen = isScreen(row.screen) ? row.screen : SAVED_VIEW_SCREENS[0];
  return {
    id: row.id,
    screen,
    name: row.name,
    query: row.query,
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * A screen's URL query as it is kept: parsed and written again (a leading `?` dropped, each
 * name and value encoded the one way), so what a view links to is a query and nothing else.
 */
export const normalQuery = (query: string): string => new URLSearchParams(query).toString();
