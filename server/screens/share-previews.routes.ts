import { screenRoutes } from "#domain/screen-paths.ts";
import type { ScreenPreviews } from "#server/http/static-web.ts";
import { previewedScreens, sharePreviewTags } from "./share-previews.service.ts";

/**
 * Not API routes: the screens the static host serves with head tags of their own. A preview is
 * read as a visitor whoever asks, so no session is looked up.
 */
export const screenPreviews: ScreenPreviews = {
  routes: previewedScreens.map((screen) => screenRoutes[screen]),
  headTagsFor(pathname, request) {
    const app = request.server;
    return sharePreviewTags(
      {
        db: app.database.db,
        user: null,
        storage: app.storage,
        places: app.places,
        adminEmails: app.config.adminEmails,
        log: request.log,
        events: app.events,
        push: app.push,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
      },
      pathname,
    );
  },
};
