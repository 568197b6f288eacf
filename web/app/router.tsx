import { createBrowserRouter } from "react-router";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { AdminPage } from "#web/features/admin/components/admin-page.tsx";
import { ExplorePage } from "#web/features/explore/components/explore-page.tsx";
import { FeedPage } from "#web/features/feed/components/feed-page.tsx";
import { InstallPage } from "#web/features/install/components/install-page.tsx";
import { LandingPage } from "#web/features/landing/components/landing-page.tsx";
import { TermsPage } from "#web/features/legal/components/terms-page.tsx";
import { NotFoundPage } from "#web/features/not-found/components/not-found-page.tsx";
import { NotificationsPage } from "#web/features/notifications/components/notifications-page.tsx";
import { ProfilePage } from "#web/features/profile/components/profile-page.tsx";
import { RestaurantPage } from "#web/features/restaurants/components/restaurant-page.tsx";
import { NewReviewPage } from "#web/features/reviews/components/new-review-page.tsx";
import { ViewReviewPage } from "#web/features/reviews/components/view-review-page.tsx";
import { AppLayout } from "./app-layout.tsx";
import { RequireAdmin, RequireAuth } from "./guards.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";

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
      // The account screens load on demand: their forms, validation and QR code stay out of the
      // landing page's bundle.
      {
        path: "/auth",
        lazy: async () => ({
          Component: (await import("#web/features/auth/components/auth-page.tsx")).AuthPage,
        }),
      },
      {
        path: "/auth/callback",
        lazy: async () => ({
          Component: (await import("#web/features/auth/components/auth-callback-page.tsx"))
            .AuthCallbackPage,
        }),
      },
      {
        path: "/auth/reset-password",
        lazy: async () => ({
          Component: (await import("#web/features/auth/components/reset-password-page.tsx"))
            .ResetPasswordPage,
        }),
      },
      { path: "/terms", element: <TermsPage /> },
      { path: "/install", element: <InstallPage /> },
      {
        path: "/setup",
        lazy: async () => {
          const { SetupPage } = await import("#web/features/profile/components/setup-page.tsx");
          return { Component: () => <RequireAuth>{<SetupPage />}</RequireAuth> };
        },
      },
      {
        path: "/admin",
        element: (
          <RequireAdmin>
            <AdminPage />
          </RequireAdmin>
        ),
      },
      {
        element: <AppLayout />,
        children: [
          { path: "/feed", element: <FeedPage /> },
          { path: "/explore", element: <ExplorePage /> },
          { path: "/user/:handle", element: <ProfilePage /> },
          { path: "/profile/:handle", element: <ProfilePage /> },
          { path: "/restaurant/:restaurantId", element: <RestaurantPage /> },
          { path: "/b/r/:slug", element: <RestaurantPage /> },
          {
            path: "/profile",
            element: (
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            ),
          },
          {
            path: "/post",
            element: (
              <RequireAuth>
                <NewReviewPage />
              </RequireAuth>
            ),
          },
          {
            path: "/view/:type/:id",
            element: (
              <RequireAuth>
                <ViewReviewPage />
              </RequireAuth>
            ),
          },
          {
            path: "/notifications",
            element: (
              <RequireAuth>
                <NotificationsPage />
              </RequireAuth>
            ),
          },
          {
            path: "/settings/security",
            lazy: async () => {
              const { SecurityPage } = await import(
                "#web/features/settings/components/security-page.tsx"
              );
              return { Component: () => <RequireAuth>{<SecurityPage />}</RequireAuth> };
            },
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
