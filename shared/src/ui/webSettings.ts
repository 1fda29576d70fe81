import { z } from 'zod';

/**
 * What the gateway tells the web app about this installation, written into index.html as
 * `<meta name="halo-settings" content="{json}">` so the app knows it before its first request.
 */
export const WEB_SETTINGS_META_NAME = 'halo-settings';

export const WebSettingsSchema = z.object({
  /**
   * A MapLibre style drawn under HeatSight instead of the offline world, or null: HALO_MAP_STYLE_URL
   * (an http(s) URL), or the gateway's own for an MBTiles file it serves (HALO_BASEMAP_MBTILES: a
   * path on the page's origin, made absolute against the page by parseWebSettings).
   */
  map_style_url: z
    .string()
    .refine((value) => /^\/[^/\\]/.test(value) || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)))
    .nullable()
    .catch(null),
});
export type WebSettings = z.infer<typeof WebSettingsSchema>;

export const DEFAULT_WEB_SETTINGS: WebSettings = { map_style_url: null };

/**
 * The settings a page carries, or the defaults when it carries none or garbage (the dev server);
 * a style's path is made absolute against `page` (MapLibre resolves nothing in its workers).
 */
export function parseWebSettings(content: string | null | undefined, page?: string): WebSettings {
  if (!content) return DEFAULT_WEB_SETTINGS;
  try {
    const parsed = WebSettingsSchema.safeParse(JSON.parse(content));
    if (!parsed.success) return DEFAULT_WEB_SETTINGS;
    const style = parsed.data.map_style_url;
    if (style?.startsWith('/')) return { ...parsed.data, map_style_url: page ? new URL(style, page).href : null };
    return parsed.data;
  } catch {
    return DEFAULT_WEB_SETTINGS;
  }
}
