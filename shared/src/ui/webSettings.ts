import { z } from 'zod';

/**
 * What the gateway tells the web app about this installation, written into index.html as
 * `<meta name="halo-settings" content="{json}">` so the app knows it before its first request.
 */
export const WEB_SETTINGS_META_NAME = 'halo-settings';

export const WebSettingsSchema = z.object({
  /** A MapLibre style drawn under HeatSight instead of the offline world (HALO_MAP_STYLE_URL), or null. */
  map_style_url: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol))
    .nullable()
    .catch(null),
});
export type WebSettings = z.infer<typeof WebSettingsSchema>;

export const DEFAULT_WEB_SETTINGS: WebSettings = { map_style_url: null };

/** The settings a page carries, or the defaults when it carries none or garbage (the dev server). */
export function parseWebSettings(content: string | null | undefined): WebSettings {
  if (!content) return DEFAULT_WEB_SETTINGS;
  try {
    const parsed = WebSettingsSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : DEFAULT_WEB_SETTINGS;
  } catch {
    return DEFAULT_WEB_SETTINGS;
  }
}
