/**
 * Saved views (issue 28): a user keeps a screen's filters and sort under a name. The view is
 * the screen's URL query (filters and sort live in the URL), so a view's link can be shared;
 * the saved list is the user's own. The product's own calls.
 */
import { z } from 'zod';
import { displayNameCheck, IdSchema, stringInput } from '../common.js';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { ErrorCode } from '../errors/errorCatalogue.js';

/** The screens whose views can be saved. */
export const SAVED_VIEW_SCREENS = ['devices'] as const;
export type SavedViewScreen = (typeof SAVED_VIEW_SCREENS)[number];

export const SAVED_VIEW_NAME_MAX = 64;
/** The longest URL query a view keeps (without the leading `?`). */
export const SAVED_VIEW_QUERY_MAX = 2000;
/** The most views one user keeps per screen and environment. */
export const SAVED_VIEWS_PER_USER_MAX = 50;

export const SavedViewSchema = z.object({
  id: IdSchema,
  screen: z.enum(SAVED_VIEW_SCREENS),
  name: z.string(),
  /** The screen's URL query without `?` (`q=north&sort=name.asc`). */
  query: z.string(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

/** A view's name: the one rule for saving and renaming. */
const SavedViewNameSchema = stringInput(SAVED_VIEW_NAME_MAX).superRefine(displayNameCheck());

export const SavedViewCreateSchema = z.strictObject({
  view: z.strictObject({
    screen: z.enum(SAVED_VIEW_SCREENS),
    name: SavedViewNameSchema,
    query: z.string().max(SAVED_VIEW_QUERY_MAX),
  }),
});
export type SavedViewCreate = z.infer<typeof SavedViewCreateSchema>;

/** A new name for a view (issue 39, item 10); its screen and query stay. */
export const SavedViewRenameSchema = z.strictObject({ view: z.strictObject({ name: SavedViewNameSchema }) });
export type SavedViewRename = z.infer<typeof SavedViewRenameSchema>;

export const SavedViewListQuerySchema = z.strictObject({ screen: z.enum(SAVED_VIEW_SCREENS) });
export const SavedViewListResponseSchema = z.object({ views: z.array(SavedViewSchema) });

const tag = 'Saved views';

export const savedViewsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/saved_views',
    summary: 'The caller’s saved views of a screen, by name',
    tag,
    bound: 'capped',
    cap: SAVED_VIEWS_PER_USER_MAX,
    access: 'user',
    // The one screen with views is Devices: its views are for those who may see it.
    capability: 'devices.view',
    query: SavedViewListQuerySchema,
    answer: SavedViewListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/saved_views',
    summary: 'Save a view of a screen under a name (a name the caller already uses is replaced)',
    tag,
    access: 'user',
    capability: 'devices.view',
    body: SavedViewCreateSchema,
    answer: z.object({ view: SavedViewSchema }),
    status: 201,
    errors: [ErrorCode.SAVED_VIEW_LIMIT_REACHED],
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/saved_views/{id}',
    summary:
      'Rename one of the caller’s saved views (their own, as to delete; another of their views of the screen under that name is replaced by it)',
    tag,
    access: 'user',
    body: SavedViewRenameSchema,
    answer: z.object({ view: SavedViewSchema }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/saved_views/{id}',
    summary: 'Delete one of the caller’s saved views (whatever they may see now: their own to clear)',
    tag,
    access: 'user',
    answer: OkResponseSchema,
  }),
} as const;
