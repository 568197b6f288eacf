import { mkdir } from "node:fs/promises";
import fastifyCompress from "@fastify/compress";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { PATH_PARAM_MAX } from "#domain/text-input.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import { BackgroundTasks } from "./auth/background.ts";
import { createEmailSender, type EmailSender } from "./auth/senders/email.ts";
import { createSmsSender, type SmsSender } from "./auth/senders/sms.ts";
import { SessionCache } from "./auth/session-cache.ts";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { refuseRequestsWhileClosing } from "./http/closing.ts";
import { registerErrorHandling, routerErrors } from "./http/errors.ts";
import { registerOriginCheck } from "./http/origin-check.ts";
import { type PublicAnswerCache, registerPublicAnswers } from "./http/public-answer-cache.ts";
import { responseSerializerCompiler } from "./http/response-serializer.ts";
import { registerStaticWeb } from "./http/static-web.ts";
import { closeUnreadBody } from "./http/upload-body.ts";
import { type ImageJobs, processImageJobs } from "./media/images.ts";
import {
  DiskStorage,
  privateDirectory,
  S3Storage,
  type Storage,
  uploadsDirectory,
} from "./media/storage.ts";
import { accountDeletionRoutes } from "./modules/account-deletion/account-deletion.routes.ts";
import { blockRoutes } from "./modules/blocks/blocks.routes.ts";
import { commentTies } from "./modules/comments/comments.queries.ts";
import { commentRoutes } from "./modules/comments/comments.routes.ts";
import { configRoutes } from "./modules/config/config.routes.ts";
import { dataExportRoutes } from "./modules/data-export/data-export.routes.ts";
import { dealVoteTies } from "./modules/deals/deal-votes.queries.ts";
import { dealRoutes } from "./modules/deals/deals.routes.ts";
import { feedRoutes } from "./modules/feed/feed.routes.ts";
import { followRequestTies, followTies } from "./modules/follows/follows.queries.ts";
import { followRoutes } from "./modules/follows/follows.routes.ts";
import { foodMapRoutes } from "./modules/food-map/food-map.routes.ts";
import { PicksComputer } from "./modules/for-you/for-you.picks.ts";
import { forYouRoutes } from "./modules/for-you/for-you.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { itemRoutes } from "./modules/items/items.routes.ts";
import { mediaRoutes } from "./modules/items/media.routes.ts";
import { likeTies } from "./modules/likes/likes.queries.ts";
import { likeRoutes } from "./modules/likes/likes.routes.ts";
import { listFollowTies } from "./modules/lists/lists.queries.ts";
import { listRoutes } from "./modules/lists/lists.routes.ts";
import { mentionRoutes } from "./modules/mentions/mentions.routes.ts";
import { moderationRoutes } from "./modules/moderation/moderation.routes.ts";
import { nearbyRoutes } from "./modules/nearby/nearby.routes.ts";
import { DigestJob } from "./modules/notification-settings/notification-digest.ts";
import { notificationSettingsRoutes } from "./modules/notification-settings/notification-settings.routes.ts";
import { notificationTies } from "./modules/notifications/notifications.queries.ts";
import { notificationRoutes } from "./modules/notifications/notifications.routes.ts";
import { postRoutes } from "./modules/posts/posts.routes.ts";
import { profileRoutes } from "./modules/profiles/profiles.routes.ts";
import { pushRoutes } from "./modules/push/push.routes.ts";
import { WebPushNotifier } from "./modules/push/push-notifier.ts";
import { restaurantFollowTies } from "./modules/restaurants/restaurant-follows.queries.ts";
import { restaurantRoutes } from "./modules/restaurants/restaurants.routes.ts";
import { importRoutes } from "./modules/reviews/imports.routes.ts";
import { rankingRoutes } from "./modules/reviews/rankings.routes.ts";
import { reviewRoutes } from "./modules/reviews/reviews.routes.ts";
import { searchRoutes } from "./modules/search/search.routes.ts";
import type { PersonTies } from "./modules/shared/person-ties.ts";
import { siteIndexRoutes } from "./modules/site-index/site-index.routes.ts";
import { statsRoutes } from "./modules/stats/stats.routes.ts";
import { uploadRoutes } from "./modules/uploads/uploads.routes.ts";
import { wantToTryRoutes } from "./modules/want-to-try/want-to-try.routes.ts";
import { yearInFoodRoutes } from "./modules/year-in-food/year-in-food.routes.ts";
import { createPlaceProvider } from "./places/place-provider.ts";
import { placeRoutes } from "./places/places.routes.ts";
import type { PlaceSearchProvider } from "./places/places.ts";
import type { EventBus } from "./realtime/event-bus.ts";
import { eventRoutes } from "./realtime/events.routes.ts";
import { createPostgresEventBus } from "./realtime/postgres-event-bus.ts";
import { screenPreviews } from "./screens/share-previews.routes.ts";

export interface AppDependencies {
  database: DatabaseHandle;
  /** Replaces the SMS_PROVIDER sender (tests pass a CapturingSmsSender). */
  smsSender?: SmsSender;
  /** Replaces the SMTP_URL/console sender. */
  emailSender?: EmailSender;
  /** Tests: OIDC discovery URL of a local IdP playing Google (uses config.google's client). */
  googleDiscoveryUrl?: string;
  /** Replaces the disk storage under DATA_DIR/uploads. */
  storage?: Storage;
  /** Replaces the configured place provider (tests pass a directory of known places). */
  places?: PlaceSearchProvider;
  /** The time now; tests move it (which Year in Food recaps are open depends on the date). */
  clock?: () => Date;
  /** Replaces the image worker process (tests hold jobs to fill its queue). */
  images?: ImageJobs;
}

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    auth: Auth;
    /** Sessions read recently, by Cookie header (see getSessionUser). */
    sessionCache: SessionCache;
    storage: Storage;
    /** Image work (uploads, avatars, share cards), off the request path in a worker process. */
    images: ImageJobs;
    /** Where restaurant suggestions and trusted restaurant details come from. */
    places: PlaceSearchProvider;
    /** Realtime events for the users' open streams (GET /api/events). */
    events: EventBus;
    /** Web push for new notifications, sent in the background after their commit. */
    push: WebPushNotifier;
    /** Every kind of contact between people, for the commands that end it (blocks, erasure). */
    personTies: readonly PersonTies[];
    /** The weekly email digest (start-up and hourly); tests call run(). */
    notificationDigest: DigestJob;
    /** Computes For you picks, at once or in the background; tests wait with settled(). */
    forYouPicks: PicksComputer;
    /** The time now, for rules that depend on the date (tests pass a clock of their own). */
    clock: () => Date;
    /** Answers every visitor gets alike, kept a moment as sent bytes; any write drops them. */
    publicAnswers: PublicAnswerCache;
    /**
     * Every route as registered, for tests that must cover them all (the authorization
     * matrix). HEAD routes Fastify adds beside each GET are left out.
     */
    routeTable: readonly RegisteredRoute[];
  }
}

interface RegisteredRoute {
  method: string;
  /** With its prefix, as Fastify matches it: "/api/reviews/:id". */
  url: string;
}

/** Uploaded files never change (new upload, new random key), so caches may keep them forever. */
const UPLOADS_PREFIX = "/uploads";
/** JSON bodies above this are refused with 413 before they are buffered. Uploads use multipart. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Paths whose query string holds where someone is: logged without it. */
const LOCATION_PATHS = ["/api/nearby", "/api/places/"];

/** Fastify's request log line, minus any position a query string carries. */
function requestForLog(request: FastifyRequest) {
  const url = request.url;
  const located = LOCATION_PATHS.some((prefix) => url.startsWith(prefix));
  return {
    method: request.method,
    url: located ? url.split("?")[0] : url,
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * Builds the whole HTTP application without listening, so tests drive it through `inject`
 * and main.ts decides about ports and signals.
 */
export async function buildApp(
  config: AppConfig,
  dependencies: AppDependencies,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization"],
      serializers: { req: requestForLog },
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // The router's default (100) would answer a long restaurant slug with 414 before its route
    // runs; each route's schema bounds its own parameters.
    routerOptions: { maxParamLength: PATH_PARAM_MAX },
    frameworkErrors: routerErrors,
    // Our own 503 while closing, in the API's error shape (refuseRequestsWhileClosing).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RegisteredRoute[] = [];
  app.decorate("routeTable", routeTable);
  // Added before any plugin, so it sees the routes of every plugin registered after it.
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeTable.push({ method, url: route.url });
    }
  });
  app.decorate("config", config);
  app.decorate("database", dependencies.database);
  app.decorate("clock", dependencies.clock ?? (() => new Date()));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  refuseRequestsWhileClosing(app);

  const uploadsDir = uploadsDirectory(config.dataDir);
  await mkdir(uploadsDir, { recursive: true });
  const storage =
    dependencies.storage ??
    (config.s3
      ? new S3Storage(config.s3, undefined, UPLOADS_PREFIX)
      : new DiskStorage(uploadsDir, UPLOADS_PREFIX, privateDirectory(config.dataDir)));
  const background = new BackgroundTasks();
  const emailSender = dependencies.emailSender ?? createEmailSender(config, app.log);
  const smsSender = dependencies.smsSender ?? createSmsSender(config, app.log);
  const auth = createAuth({
    config,
    db: dependencies.database.db,
    senders: { sms: smsSender, email: emailSender },
    log: app.log,
    background,
    googleDiscoveryUrl: dependencies.googleDiscoveryUrl ?? config.googleDiscoveryUrl,
  });
  app.decorate("auth", auth);
  app.decorate("storage", storage);
  const images = dependencies.images ?? processImageJobs(config.imageWorkerNiceness);
  app.decorate("images", images);
  app.decorate(
    "places",
    dependencies.places ?? createPlaceProvider(config, dependencies.database.db),
  );
  const events = await createPostgresEventBus(dependencies.database, app.log);
  app.decorate("events", events);
  registerPublicAnswers(app);
  const sessionCache = new SessionCache(config.session);
  app.decorate("sessionCache", sessionCache);
  events.watch((userId, event) => {
    if (event.type === "sessions") sessionCache.forgetUser(userId);
  });
  const push = new WebPushNotifier(
    dependencies.database.db,
    config.vapid,
    config.localPushService,
    app.log,
  );
  app.decorate("push", push);
  app.decorate("personTies", [
    followTies,
    followRequestTies,
    likeTies,
    dealVoteTies,
    commentTies,
    notificationTies,
    listFollowTies,
    restaurantFollowTies,
  ]);
  const notificationDigest = new DigestJob({
    db: dependencies.database.db,
    email: emailSender,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.decorate("notificationDigest", notificationDigest);
  const forYouPicks = new PicksComputer({
    db: dependencies.database.db,
    clock: app.clock,
    log: app.log,
  });
  app.decorate("forYouPicks", forYouPicks);
  app.decorateRequest("authSession", undefined);
  // Before the server waits for open connections: it ends the event streams, which never finish
  // by themselves, and stops listening while the database is still open.
  app.addHook("preClose", () => events.close());
  app.addHook("onClose", async () => {
    // A test's own ImageJobs ends with its app; the process's outlives any one app.
    if (dependencies.images) await images.close();
    await background.drain();
    await forYouPicks.close();
    await push.settled();
    await emailSender.close?.();
  });

  // The food maps' style, and the tiles, glyphs and sprites it names, come from its origin (the
  // map's worker is a file of the app's own, so 'self' covers it). No style, nothing added.
  const mapOrigins = config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> tag and style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...mapOrigins],
        connectSrc: ["'self'", ...mapOrigins],
        fontSrc: ["'self'", "data:"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith("https://") ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });

  // Text answers travel compressed (brotli where the client takes it, else gzip). The built web
  // files come precompressed from the build at the highest level; everything else (API JSON,
  // a built file without a precompressed twin) is compressed as it is sent. A streaming route
  // (Server-Sent Events) must opt out with the route option `compress: false`, or nothing would
  // reach the client until the buffer filled.
  await app.register(fastifyCompress, { encodings: ["br", "gzip"] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Tasted API",
        description: "Track what you try. Remember what you love.",
        version: "1.0.0",
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  // Uploads read their bodies through readUploadBody, which sets each route's limits.
  await app.register(fastifyMultipart);
  // No answer leaves the server draining a body still on its way (a refused upload, a 401 or a
  // 415 before it was wanted): the connection ends instead.
  app.addHook("onSend", async (request, reply, payload) => {
    closeUnreadBody(request, reply);
    return payload;
  });

  await app.register(
    async (api) => {
      registerOriginCheck(api, [config.publicUrl, ...config.trustedOrigins]);
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(configRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(uploadRoutes);
      await api.register(itemRoutes);
      await api.register(reviewRoutes);
      await api.register(rankingRoutes);
      await api.register(importRoutes);
      await api.register(postRoutes);
      await api.register(dealRoutes);
      await api.register(restaurantRoutes);
      await api.register(placeRoutes);
      await api.register(feedRoutes);
      await api.register(searchRoutes);
      await api.register(likeRoutes);
      await api.register(commentRoutes);
      await api.register(mentionRoutes);
      await api.register(followRoutes);
      await api.register(blockRoutes);
      await api.register(notificationRoutes);
      await api.register(notificationSettingsRoutes, { digest: notificationDigest });
      await api.register(pushRoutes);
      await api.register(moderationRoutes);
      await api.register(wantToTryRoutes);
      await api.register(listRoutes);
      await api.register(foodMapRoutes);
      await api.register(nearbyRoutes);
      await api.register(forYouRoutes);
      await api.register(statsRoutes);
      await api.register(yearInFoodRoutes);
      await api.register(eventRoutes);
      await api.register(dataExportRoutes, { emailSender });
      await api.register(accountDeletionRoutes, {
        senders: { sms: smsSender, email: emailSender },
      });
    },
    { prefix: "/api" },
  );

  // Photos, on disk or in a bucket, are served by the app, which asks who may see each one.
  await app.register(mediaRoutes, { prefix: UPLOADS_PREFIX });

  await app.register(siteIndexRoutes);
  await registerStaticWeb(app, config.webDistDir, screenPreviews);
  return app;
}
