import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { LandingPage } from "#web/features/landing/components/landing-page.tsx";
import { AppLayout } from "./app-layout.tsx";
import { RequireAdmin, RequireAuth } from "./guards.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";

type Access = "public" | "signed-in" | "admin";

/**
 * A screen loaded on demand behind its guard. Only the landing page ships in the first bundle
 * (budget: 180 kB gzip JS); every other screen is its own chunk, fetched when first visited
 * and precached by the service worker for offline use.
 */
function screen(load: () => Promise<ComponentType>, access: Access = "public") {
  return async () => {
    const Screen = await load();
    if (access === "public") return { Component: Screen };
    const Guard = access === "admin" ? RequireAdmin : RequireAuth;
    return {
      Component: () => (
        <Guard>
          <Screen />
        </Guard>
      ),
    };
  };
}

/**
 * The spec's route table (section 2). Public pages stand alone; in-app screens share the
 * navigation frame. /feed is public and read-only for visitors (docs/decisions/0003).
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: "/", element: <LandingPage /> },
      {
        path: "/auth",
        lazy: screen(
          async () => (await import("#web/features/auth/components/auth-page.tsx")).AuthPage,
        ),
      },
      {
        path: "/auth/callback",
        lazy: screen(
          async () =>
            (await import("#web/features/auth/components/auth-callback-page.tsx")).AuthCallbackPage,
        ),
      },
      {
        path: "/auth/reset-password",
        lazy: screen(
          async () =>
            (await import("#web/features/auth/components/reset-password-page.tsx"))
              .ResetPasswordPage,
        ),
      },
      {
        path: "/terms",
        lazy: screen(
          async () => (await import("#web/features/legal/components/terms-page.tsx")).TermsPage,
        ),
      },
      {
        path: "/install",
        lazy: screen(
          async () =>
            (await import("#web/features/install/components/install-page.tsx")).InstallPage,
        ),
      },
      {
        path: "/setup",
        lazy: screen(
          async () => (await import("#web/features/profile/components/setup-page.tsx")).SetupPage,
          "signed-in",
        ),
      },
      {
        path: "/admin",
        lazy: screen(
          async () => (await import("#web/features/admin/components/admin-page.tsx")).AdminPage,
          "admin",
        ),
      },
      {
        element: <AppLayout />,
        children: [
          {
            path: "/feed",
            lazy: screen(
              async () => (await import("#web/features/feed/components/feed-page.tsx")).FeedPage,
            ),
          },
          {
            path: "/explore",
            lazy: screen(
              async () =>
                (await import("#web/features/explore/components/explore-page.tsx")).ExplorePage,
            ),
          },
          ...["/user/:handle", "/profile/:handle"].map((path) => ({
            path,
            lazy: screen(
              async () =>
                (await import("#web/features/profile/components/profile-page.tsx")).ProfilePage,
            ),
          })),
          ...["/restaurant/:restaurantId", "/b/r/:slug"].map((path) => ({
            path,
            lazy: screen(
              async () =>
                (await import("#web/features/restaurants/components/restaurant-page.tsx"))
                  .RestaurantPage,
            ),
          })),
          {
            path: "/profile",
            lazy: screen(
              async () =>
                (await import("#web/features/profile/components/profile-page.tsx")).ProfilePage,
              "signed-in",
            ),
          },
          {
            path: "/post",
            lazy: screen(
              async () =>
                (await import("#web/features/reviews/components/new-review-page.tsx"))
                  .NewReviewPage,
              "signed-in",
            ),
          },
          {
            path: "/view/:type/:id",
            lazy: screen(
              async () =>
                (await import("#web/features/items/components/view-item-page.tsx")).ViewItemPage,
              "signed-in",
            ),
          },
          {
            path: "/notifications",
            lazy: screen(
              async () =>
                (await import("#web/features/notifications/components/notifications-page.tsx"))
                  .NotificationsPage,
              "signed-in",
            ),
          },
          {
            path: "/settings/security",
            lazy: screen(
              async () =>
                (await import("#web/features/settings/components/security-page.tsx")).SecurityPage,
              "signed-in",
            ),
          },
        ],
      },
      {
        path: "*",
        lazy: screen(
          async () =>
            (await import("#web/features/not-found/components/not-found-page.tsx")).NotFoundPage,
        ),
      },
    ],
  },
]);
