import { z } from "zod";

/** GET /api/config: what this server offers, so the web app shows only what works. */
export const appConfigSchema = z.object({
  signInMethods: z.object({
    email: z.boolean(),
    phone: z.boolean(),
    /** Only when a Google client (or the test IdP standing in for it) is configured. */
    google: z.boolean(),
  }),
  /**
   * The MapLibre style food maps are drawn with (MAP_STYLE_URL); null when none is set, and maps
   * show their places as a list.
   */
  mapStyleUrl: z.string().nullable(),
});
export type AppConfigDto = z.infer<typeof appConfigSchema>;
