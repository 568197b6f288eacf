import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import { createRestaurant, createReview } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

type Caller = "visitor" | "owner" | "other";

/**
 * Who may call each people and restaurant route, and what they get: a visitor (no session), the
 * owner (the profile's own person, or the notification's recipient) and another signed-in user.
 * `path` gets the owner's profile id, one of the owner's notifications and a restaurant the
 * owner reviewed.
 */
const rows: {
  method: "GET" | "PUT" | "DELETE" | "POST";
  path: (owner: { id: string; notificationId: string; restaurantId: string }) => string;
  expected: Record<Caller, number>;
}[] = [
  {
    method: "GET",
    path: () => "/api/profiles/owner_user",
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    method: "GET",
    path: (o) => `/api/profiles/${o.id}/items?tab=posts`,
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    method: "GET",
    path: (o) => `/api/profiles/${o.id}/followers`,
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    method: "GET",
    path: (o) => `/api/profiles/${o.id}/following`,
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  // Yourself: 400 "You cannot follow yourself".
  {
    method: "PUT",
    path: (o) => `/api/profiles/${o.id}/follow`,
    expected: { visitor: 401, owner: 400, other: 200 },
  },
  {
    method: "DELETE",
    path: (o) => `/api/profiles/${o.id}/follow`,
    expected: { visitor: 401, owner: 400, other: 200 },
  },
  {
    method: "GET",
    path: () => "/api/notifications",
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    method: "GET",
    path: () => "/api/notifications/unread-count",
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  // Someone else's notification is as unknown as a missing one.
  {
    method: "POST",
    path: (o) => `/api/notifications/${o.notificationId}/read`,
    expected: { visitor: 401, owner: 204, other: 404 },
  },
  {
    method: "POST",
    path: () => "/api/notifications/read-all",
    expected: { visitor: 401, owner: 204, other: 204 },
  },
  {
    method: "GET",
    path: (o) => `/api/restaurants/${o.restaurantId}`,
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    method: "GET",
    path: (o) => `/api/restaurants/${o.restaurantId}/items?tab=dishes`,
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  // Visitors follow nobody: an empty list, not a 401.
  {
    method: "GET",
    path: (o) => `/api/restaurants/${o.restaurantId}/followed-reviews`,
    expected: { visitor: 200, owner: 200, other: 200 },
  },
];

it("answers every people and restaurant route as its access rule says, for visitors, owners and others", async () => {
  const { app } = await testApp.start();
  const owner = await signUpWithProfile(app, { username: "owner_user" });
  const other = await signUpWithProfile(app, { username: "other_user" });
  const inserted = await testApp.db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id)
    values ('new_follower', ${owner.userId}, ${other.userId}) returning id`);
  const place = await createRestaurant(testApp.db);
  await createReview(testApp.db, { userId: owner.userId, restaurantId: place.id });
  const target = {
    id: owner.userId,
    notificationId: inserted.rows[0]?.id ?? "",
    restaurantId: place.id,
  };
  const cookies: Record<Caller, string | undefined> = {
    visitor: undefined,
    owner: owner.cookie,
    other: other.cookie,
  };
  for (const row of rows) {
    for (const caller of ["visitor", "owner", "other"] as const) {
      const response = await request(app, row.method, row.path(target), {
        cookie: cookies[caller],
      });
      expect(response.statusCode, `${caller} ${row.method} ${row.path(target)}`).toBe(
        row.expected[caller],
      );
    }
  }
});
