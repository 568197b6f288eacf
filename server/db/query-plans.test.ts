// Every list and search statement the API runs, planned on a seeded database by a planner told
// to avoid whole reads at any price (sequential scans off, rows made expensive): a Seq Scan
// of a growing table that still appears, or an index read end to end, means no index can serve
// the statement, and at scale it would read the whole table on every request. The statements
// come from the builders the services call, so a changed query is checked as it now is.

import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SUGGESTED_PEOPLE_LIMIT } from "#domain/follows.ts";
import { itemKinds } from "#domain/item-kinds.ts";
import { type ItemSort, itemSorts, postSorts } from "#domain/item-lists.ts";
import { LIST_LIMITS } from "#domain/lists-rules.ts";
import { REPORT_LIMITS } from "#domain/moderation-rules.ts";
import { NEARBY_LIMITS } from "#domain/nearby.ts";
import { NOTIFICATIONS_FETCHED } from "#domain/notifications.ts";
import { PAGE_LIMITS } from "#domain/paging-rules.ts";
import type { ProfileTab } from "#domain/profile.ts";
import { profileTabs } from "#domain/profile-rules.ts";
import { FOLLOWED_REVIEWS_LIMIT, type RestaurantTab } from "#domain/restaurant.ts";
import { restaurantTabs } from "#domain/restaurant-rules.ts";
import { EXPLORE_RESULT_LIMIT } from "#domain/search.ts";
import type { Executor } from "#server/db/client.ts";
import { commentsSql, repliesSql } from "#server/modules/comments/comments.queries.ts";
import { nearbyDealsSql, restaurantDealsSql } from "#server/modules/deals/deals.queries.ts";
import { feedPageSql } from "#server/modules/feed/feed.queries.ts";
import {
  followListSql,
  followRequestPageSql,
  suggestedPeopleSql,
} from "#server/modules/follows/follows.queries.ts";
import { mapPlacesSql } from "#server/modules/food-map/food-map.queries.ts";
import {
  computePicksSql,
  picksStateSql,
  readPicksSql,
} from "#server/modules/for-you/for-you.queries.ts";
import {
  itemTabTarget,
  type ViewedItemListWindow,
} from "#server/modules/items/item-list.queries.ts";
import { planItemList } from "#server/modules/items/item-list.ts";
import {
  itemImagesSql,
  itemRowsSql,
  viewableItemPage,
} from "#server/modules/items/items.queries.ts";
import {
  entriesSql,
  followedListsSql,
  myListsSql,
  profileListsSql,
  visibleListSql,
} from "#server/modules/lists/lists.queries.ts";
import { suggestionsSql } from "#server/modules/mentions/mentions.queries.ts";
import {
  activitySql,
  reportQueueSql,
  targetsSql,
} from "#server/modules/moderation/moderation.queries.ts";
import {
  groupPeopleSql,
  markGroupReadSql,
  notificationGroupsSql,
  unreadCountSql,
} from "#server/modules/notifications/notifications.queries.ts";
import { profileItemsSql, profilePageSql } from "#server/modules/profiles/profiles.queries.ts";
import {
  followedReviewerCountSql,
  followedReviewsPage,
  restaurantItemsSql,
  restaurantStatsSql,
  savedByFollowedCountSql,
} from "#server/modules/restaurants/restaurants.queries.ts";
import { rankingsSql } from "#server/modules/reviews/rankings.queries.ts";
import {
  diaryPageSql,
  selectReviewsByTitleWords,
} from "#server/modules/reviews/reviews.queries.ts";
import {
  itemSearchSql,
  restaurantSearchSql,
  searchSettingsSql,
  searchTerms,
  userSearchSql,
} from "#server/modules/search/search.queries.ts";
import { type Cursor, encodeCursor } from "#server/modules/shared/keyset.ts";
import {
  statsFavouriteDishesSql,
  statsFirstsSql,
  statsMonthsSql,
  statsRatingsSql,
  statsTopRestaurantsSql,
  statsWordsSql,
  statsYearsSql,
} from "#server/modules/stats/stats.queries.ts";
import { statsPeriod } from "#server/modules/stats/stats.service.ts";
import {
  countsSql,
  entryPageSql,
  markTriedSql,
  wantedKeysSql,
} from "#server/modules/want-to-try/want-to-try.queries.ts";
import {
  mostLikedPage,
  topDishesPage,
  yearCountsSql,
  yearPersonSql,
  yearRange,
} from "#server/modules/year-in-food/year-in-food.queries.ts";
import { bestDishPhotoSql } from "#server/screens/share-previews.queries.ts";
import { useTestApp } from "#server/test/app.ts";
import {
  createComment,
  createFollow,
  createLike,
  createNotification,
  createPlanContent,
  createPost,
  createPostImage,
  createReportRow,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
  setRole,
} from "#server/test/factories.ts";

const testApp = useTestApp();

/** The tables that grow with use; reading one whole on a request is what this test forbids. */
const GROWING_TABLES = [
  "reviews",
  "review_images",
  "posts",
  "post_images",
  "deals",
  "deal_images",
  "likes",
  "post_likes",
  "comments",
  "post_comments",
  "follows",
  "follow_requests",
  "notifications",
  "want_to_try",
  "lists",
  "list_entries",
  "list_follows",
  "user_blocks",
  "user_mutes",
  "for_you_picks",
];

/** Where a later page starts: a real row's position, as the services put it in a cursor. */
type Position = { createdAt: string; id: string };

/** Where the generated places stand, and Nearby is asked from. */
const PLAN_CENTRE = { lat: 51.5, lng: -0.12 };

/** How many generated people write the bulk of the content (see createPlanContent). */
const PLAN_PEOPLE = 200;

/**
 * A crowd of generated content, and in it a small world with a bit of everything: people who
 * follow each other (the viewer follows a hundred), two restaurants with
 * dish and restaurant reviews (some hidden, some with photos, ratings and costs of all kinds),
 * posts, likes, comments, notifications, reports and a moderator. Everyone has blocked and muted
 * a few people; the viewer has blocked people, been blocked, muted some they follow, and some
 * people they follow are waiting for their accounts to be deleted.
 */
async function seed(db: Executor) {
  await createPlanContent(db, PLAN_PEOPLE);
  // The generated places (and their deals) stand around PLAN_CENTRE, for Nearby's deals.
  await db.execute(sql`
    update restaurants set latitude = ${PLAN_CENTRE.lat} + (abs(hashtext(id::text)) % 100) * 0.0005,
                           longitude = ${PLAN_CENTRE.lng} + (abs(hashtext(name)) % 100) * 0.0008`);
  const viewer = await createUser(db, { fullName: "Vera Viewer" });
  for (let n = 1; n <= 100; n++) await createFollow(db, viewer.id, `plan-${n}`);
  const moderator = await createUser(db, { fullName: "Mo Derator" });
  await setRole(db, moderator.id, "moderator");
  const authors = [];
  for (let index = 0; index < 4; index++) {
    authors.push(await createUser(db, { fullName: `Author ${index}` }));
  }
  const restaurants = [
    await createRestaurant(db, { name: "Ramen House", priceLevel: 2 }),
    await createRestaurant(db, { name: "Taco Stand" }),
  ];
  const reviews = [];
  const posts = [];
  for (const [index, author] of authors.entries()) {
    await createFollow(db, viewer.id, author.id);
    await createFollow(db, author.id, viewer.id);
    for (let n = 0; n < 6; n++) {
      const restaurant = restaurants[n % 2] ?? restaurants[0];
      const review = await createReview(db, {
        userId: author.id,
        restaurantId: restaurant?.id,
        reviewType: n % 3 === 0 ? "restaurant" : "dish",
        title: n % 2 === 0 ? `Tonkotsu ramen ${index}${n}` : `Fish tacos ${index}${n}`,
        rating: 1 + ((index + n) % 5),
        cost: n % 4 === 0 ? null : 5 + n,
        isHidden: n === 5,
      });
      reviews.push(review);
      if (n % 2 === 0) await createReviewImage(db, { reviewId: review.id });
      const post = await createPost(db, {
        userId: author.id,
        restaurantId: n % 2 === 0 ? restaurant?.id : null,
        title: `Ramen notes ${index}${n}`,
        isHidden: n === 4,
      });
      posts.push(post);
      if (n % 2 === 1) await createPostImage(db, { postId: post.id });
      await createLike(db, "review", review.id, viewer.id);
      await createLike(db, "post", post.id, viewer.id);
      await createComment(db, { userId: viewer.id, reviewId: review.id, isHidden: n === 3 });
      await createComment(db, { userId: viewer.id, postId: post.id });
      await createNotification(db, {
        type: "new_like",
        userId: author.id,
        actorId: viewer.id,
        reviewId: review.id,
      });
      await createNotification(db, {
        type: "new_comment",
        userId: author.id,
        actorId: viewer.id,
        postId: post.id,
        isRead: n % 2 === 0,
      });
    }
    await createNotification(db, { type: "new_follower", userId: viewer.id, actorId: author.id });
  }
  const review = reviews[2];
  const post = posts[2];
  const author = authors[0];
  const restaurant = restaurants[0];
  if (!review || !post || !author || !restaurant) throw new Error("seed: nothing created");
  const comment = await createComment(db, { userId: author.id, reviewId: review.id });
  const postComment = await createComment(db, { userId: author.id, postId: post.id });
  for (const [reportedType, reportedId] of [
    ["review", review.id],
    ["post", post.id],
    ["comment", comment.id],
    ["post_comment", postComment.id],
    ["user", author.id],
  ] as const) {
    await createReportRow(db, { reporterId: viewer.id, reportedType, reportedId });
  }
  // The viewer's Want to try: both restaurants and every dish reviewed there, a third tried.
  for (const [index, review] of reviews.entries()) {
    await db.execute(sql`
      insert into want_to_try (user_id, kind, restaurant_id, dish_name, dish_key,
                               source_review_id, tried_at, tried_review_id)
      values (${viewer.id}, ${review.reviewType}, ${review.restaurantId},
              ${review.reviewType === "dish" ? review.title : null},
              ${review.reviewType === "dish" ? review.title.toLowerCase() : null},
              ${review.reviewType === "dish" ? review.id : null},
              ${index % 3 === 0 ? sql`now()` : null}, ${index % 3 === 0 ? review.id : null})
      on conflict do nothing`);
  }
  // Lists: three of each generated person's (one of each visibility) holding ten of their
  // reviews and those reviews' restaurants, each followed by a few people; and the author's
  // three, holding the world's reviews and restaurants, the link one followed by the viewer.
  await db.execute(sql`
    insert into lists (owner_id, name, visibility, share_key)
    select 'plan-' || g, 'List ' || k, (array['private', 'followers', 'link'])[k],
           'plan-key-' || g || '-' || k
      from generate_series(1, ${PLAN_PEOPLE}) g, generate_series(1, 3) k`);
  const authorLists: Record<string, { id: string; key: string }> = {};
  for (const visibility of ["private", "followers", "link"] as const) {
    const result = await db.execute<{ id: string; share_key: string }>(sql`
      insert into lists (owner_id, name, visibility, share_key)
      values (${author.id}, ${visibility}, ${visibility}, ${`author-key-${visibility}`})
      returning id, share_key`);
    const row = result.rows[0];
    if (!row) throw new Error("seed: no list");
    authorLists[visibility] = { id: row.id, key: row.share_key };
  }
  await db.execute(sql`
    insert into list_entries (list_id, position, restaurant_id, review_id)
    select l.id, 2 * r.n + k, r.restaurant_id, case when k = 0 then r.id end
      from lists l
      cross join lateral (
        select id, restaurant_id, row_number() over (order by created_at, id) as n
          from reviews where user_id = l.owner_id
         order by created_at, id limit 10) r
      cross join generate_series(0, 1) k
    on conflict do nothing`);
  await db.execute(sql`
    insert into list_follows (list_id, user_id)
    select l.id, f.follower_id from lists l join follows f on f.following_id = l.owner_id
     where l.visibility <> 'private'
    on conflict do nothing`);
  await db.execute(sql`
    insert into list_follows (list_id, user_id)
    values (${authorLists.link?.id ?? null}, ${viewer.id}) on conflict do nothing`);
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select 'plan-' || g, 'plan-' || (1 + (g + k * 37) % ${PLAN_PEOPLE})
      from generate_series(1, ${PLAN_PEOPLE}) g, generate_series(1, 3) k
    union all select ${viewer.id}, 'plan-' || g from generate_series(150, 154) g
    union all select 'plan-' || g, ${viewer.id} from generate_series(155, 159) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into user_mutes (muter_id, muted_id)
    select 'plan-' || g, 'plan-' || (1 + (g + 11) % ${PLAN_PEOPLE}) from generate_series(1, ${PLAN_PEOPLE}) g
    union all select ${viewer.id}, 'plan-' || g from generate_series(5, 9) g`);
  // Requests to follow, each with its notice, to everyone and some to the author.
  await db.execute(sql`
    with asked as (
      insert into follow_requests (requester_id, target_id)
      select 'plan-' || g, 'plan-' || (1 + (g + k * 13) % ${PLAN_PEOPLE})
        from generate_series(1, ${PLAN_PEOPLE}) g, generate_series(1, 3) k
      union all select 'plan-' || g, ${author.id} from generate_series(20, 40) g
      on conflict do nothing
      returning requester_id, target_id)
    insert into notifications (type, user_id, actor_id)
    select 'follow_request', target_id, requester_id from asked`);
  await db.execute(sql`
    insert into account_deletions (user_id, erase_after)
    select 'plan-' || g, now() + interval '30 days' from generate_series(160, 169) g
    union all select 'plan-10', now() + interval '30 days'`);
  await db.execute(sql`analyze`);

  const position = async (
    table: "reviews" | "posts" | "comments" | "follows" | "follow_requests",
  ) => {
    const result = await db.execute<Position>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
             ${sql.raw(table === "follow_requests" ? "requester_id" : "id")} as id
        from ${sql.identifier(table)} order by created_at, 2 offset 3 limit 1`);
    const row = result.rows[0];
    if (!row) throw new Error(`seed: no ${table} row`);
    return row;
  };
  // A position in the viewer's list: by saving time among the untried, by trying time among
  // the tried.
  const entryPosition = async (time: "created_at" | "tried_at") => {
    const column = sql.identifier(time);
    const half = time === "tried_at" ? sql`tried_at is not null` : sql`tried_at is null`;
    const result = await db.execute<Position>(sql`
      select to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
             id from want_to_try
       where user_id = ${viewer.id} and ${half}
       order by ${column}, id offset 1 limit 1`);
    const row = result.rows[0];
    if (!row) throw new Error(`seed: no want_to_try row by ${time}`);
    return row;
  };
  return {
    viewer,
    moderator,
    author,
    authorLists,
    restaurant,
    review,
    post,
    comment,
    postComment,
    positions: {
      review: await position("reviews"),
      post: await position("posts"),
      comment: await position("comments"),
      follow: await position("follows"),
      request: await position("follow_requests"),
      wanted: await entryPosition("created_at"),
      tried: await entryPosition("tried_at"),
    },
  };
}

type World = Awaited<ReturnType<typeof seed>>;

/** A statement with a name to report it by; search statements run with the search settings. */
interface Planned {
  name: string;
  statement: SQL | SQLWrapper;
  search?: boolean;
}

/** The cursor a later page of a tab carries, for `sort` (rating and price ones with a value). */
function tabCursor(sort: ItemSort, at: Position): string {
  const cursor: Cursor = { ...at, kind: sort };
  if (sort === "recent" || sort === "old") return encodeCursor(cursor);
  return encodeCursor({ ...cursor, key: sort.startsWith("rating") ? 3 : 7 });
}

/**
 * The tabs of a profile or restaurant page as their routes read them: every sort a tab allows,
 * first page and a later one, plus a search within the tab, for each of `viewers`.
 */
function tabStatements<Tab extends ProfileTab | RestaurantTab>(
  page: string,
  tabs: readonly Tab[],
  world: World,
  viewers: Record<string, string | undefined>,
  statementOf: (tab: Tab, window: ViewedItemListWindow) => SQL,
): Planned[] {
  const planned: Planned[] = [];
  for (const tab of tabs) {
    const kind = itemTabTarget(tab).kind;
    // Posts and deals sort by date only; any row's position serves as a later page's cursor.
    const sorts: readonly ItemSort[] = kind === "review" ? itemSorts : postSorts;
    const at = kind === "review" ? world.positions.review : world.positions.post;
    for (const sort of sorts) {
      for (const [viewerName, viewerId] of Object.entries(viewers)) {
        for (const [part, request] of [
          ["first page", {}],
          ["later page", { cursor: tabCursor(sort, at) }],
          ["search", { q: "ramen" }],
        ] as const) {
          const { window } = planItemList(kind, { sort, ...request });
          planned.push({
            name: `${page} ${tab} ${sort} ${part} (${viewerName})`,
            statement: statementOf(tab, { ...window, viewerId }),
          });
        }
      }
    }
  }
  return planned;
}

function everyListStatement(world: World, db: Executor): Planned[] {
  const { viewer, author, restaurant, review, post, positions } = world;
  const limit = PAGE_LIMITS.pageDefault + 1;
  const planned: Planned[] = [];

  for (const [who, viewerId] of [
    ["visitor", undefined],
    ["signed in", viewer.id],
  ] as const) {
    for (const after of [undefined, { ...positions.review, kind: "review" }]) {
      const page = after ? "later page" : "first page";
      planned.push({
        name: `feed everyone ${page} (${who})`,
        statement: feedPageSql({ limit, after, viewerId }),
      });
    }
  }
  for (const after of [undefined, { ...positions.review, kind: "review" }]) {
    planned.push({
      name: `feed following ${after ? "later page" : "first page"}`,
      statement: feedPageSql({ limit, after, viewerId: viewer.id, followedBy: viewer.id }),
    });
  }
  planned.push({
    name: "photos of a page",
    statement: itemImagesSql([
      { kind: "review", id: review.id },
      { kind: "post", id: post.id },
    ]),
  });
  for (const kind of itemKinds) {
    const id = kind === "review" ? review.id : post.id;
    for (const [who, viewerId] of [
      ["visitor", undefined],
      ["signed in", viewer.id],
    ] as const) {
      planned.push({
        name: `${kind} detail (${who})`,
        statement: itemRowsSql(viewableItemPage(kind, id, viewerId), { viewerId }),
      });
    }
    const at = positions.comment;
    for (const after of [undefined, { ...at, kind: "comment" }]) {
      planned.push({
        name: `${kind} comments ${after ? "later page" : "first page"}`,
        statement: commentsSql(kind, id, limit, after, viewer.id),
      });
    }
    planned.push({
      name: `${kind} replies of a page of comments`,
      statement: repliesSql(kind, [at.id], limit, undefined, viewer.id),
    });
  }
  planned.push({
    name: "review by slug",
    statement: selectReviewsByTitleWords(db, "dish", ["tonkotsu", "ramen"], 50, viewer.id),
  });

  for (const handle of [author.username, author.id]) {
    planned.push({
      name: `profile header by ${handle === author.id ? "id" : "username"}`,
      statement: profilePageSql({ id: handle, name: handle.toLowerCase() }, viewer.id),
    });
  }
  // The owner's header also counts their hidden items.
  planned.push({
    name: "profile header, owner",
    statement: profilePageSql({ id: author.id, name: author.username }, author.id),
  });
  // The owner's own list includes their hidden items, so it is read differently.
  const profileViewers = { visitor: undefined, "signed in": viewer.id, owner: author.id };
  planned.push(
    ...tabStatements("profile", profileTabs, world, profileViewers, (tab, window) =>
      profileItemsSql({ ...window, userId: author.id, tab }),
    ),
  );
  // A person's rankings, every ranked dish with its score's two counts (ADR 0030).
  planned.push({ name: "rankings", statement: rankingsSql(author.id, viewer.id) });
  // The owner's Diary by date visited, its first page and a later one.
  planned.push(
    { name: "diary first page", statement: diaryPageSql(author.id, undefined, 21) },
    {
      name: "diary later page",
      statement: diaryPageSql(author.id, { ...positions.review, kind: "diary", key: 20_000 }, 21),
    },
  );
  // One year of a person's recap: every read a range of their own visible reviews.
  const year = yearRange(new Date().getUTCFullYear());
  const keyed = { direction: "desc", keyed: true } as const;
  planned.push(
    { name: "year in food person", statement: yearPersonSql(author.id, viewer.id) },
    { name: "year in food counts", statement: yearCountsSql(author.id, year) },
    {
      name: "year in food top dishes",
      statement: itemRowsSql(topDishesPage(author.id, year), { viewerId: viewer.id, order: keyed }),
    },
    {
      name: "year in food most liked",
      statement: itemRowsSql(mostLikedPage(author.id, year), { viewerId: viewer.id, order: keyed }),
    },
    { name: "year in food places", statement: mapPlacesSql(author.id, false, year) },
  );
  for (const kind of ["followers", "following"] as const) {
    for (const after of [undefined, { ...positions.follow, kind }]) {
      planned.push({
        name: `${kind} ${after ? "later page" : "first page"}`,
        statement: followListSql({ profileId: author.id, kind, after, limit, viewerId: viewer.id }),
      });
    }
  }
  for (const after of [undefined, { ...positions.request, kind: "requests" }]) {
    planned.push({
      name: `follow requests ${after ? "later page" : "first page"}`,
      statement: followRequestPageSql({ targetId: author.id, after, limit }),
    });
  }

  planned.push(
    { name: "restaurant stats (visitor)", statement: restaurantStatsSql(restaurant.id, undefined) },
    { name: "restaurant stats", statement: restaurantStatsSql(restaurant.id, viewer.id) },
    { name: "restaurant best dish photo", statement: bestDishPhotoSql(restaurant.id) },
    {
      name: "restaurant reviews by followed people",
      statement: itemRowsSql(
        followedReviewsPage(restaurant.id, viewer.id, FOLLOWED_REVIEWS_LIMIT),
        { viewerId: viewer.id, limit: FOLLOWED_REVIEWS_LIMIT },
      ),
    },
    ...(
      [
        ["visitor", undefined],
        ["signed in", viewer.id],
      ] as const
    ).flatMap(([who, viewerId]) => [
      {
        name: `restaurant deals, ${who}`,
        statement: restaurantDealsSql({
          restaurantId: restaurant.id,
          viewerId,
          at: new Date(),
          after: undefined,
          limit: PAGE_LIMITS.pageDefault + 1,
        }),
      },
      ...[NEARBY_LIMITS.radiusMeters, NEARBY_LIMITS.maxRadiusMeters].map((radius) => ({
        name: `deals nearby, ${who}, ${radius} m`,
        statement: nearbyDealsSql({
          centre: PLAN_CENTRE,
          radius,
          viewerId,
          at: new Date(),
          limit: NEARBY_LIMITS.shown,
        }),
      })),
      {
        name: `restaurant deals, ${who}, a later page`,
        statement: restaurantDealsSql({
          restaurantId: restaurant.id,
          viewerId,
          at: new Date(),
          after: {
            createdAt: new Date().toISOString().replace("Z", "000Z"),
            id: review.id,
            kind: "deal",
          },
          limit: PAGE_LIMITS.pageDefault + 1,
        }),
      },
    ]),
    {
      name: "restaurant followed reviewer count",
      statement: followedReviewerCountSql(restaurant.id, viewer.id),
    },
    {
      name: "restaurant saved by followed people",
      statement: savedByFollowedCountSql(restaurant.id, viewer.id),
    },
    ...tabStatements(
      "restaurant",
      restaurantTabs,
      world,
      { visitor: undefined, "signed in": viewer.id },
      (tab, window) => restaurantItemsSql({ ...window, restaurantId: restaurant.id, tab }),
    ),
  );

  for (const [query, q] of [
    ["no query", undefined],
    ["common word", "ramen"],
    ["rare word", "tonkotsu"],
    ["typo of a common word", "raman"],
    ["typo of a rare word", "tonkatsu"],
    ["two words", "tonkotsu ramen"],
  ] as const) {
    const terms = q === undefined ? undefined : searchTerms(q);
    for (const tab of ["dishes", "posts", "deals"] as const) {
      planned.push({
        name: `explore ${tab}, ${query}`,
        statement: itemSearchSql(tab, terms, EXPLORE_RESULT_LIMIT, viewer.id),
        search: true,
      });
    }
    planned.push(
      {
        name: `explore restaurants, ${query}`,
        statement: restaurantSearchSql(terms, EXPLORE_RESULT_LIMIT, viewer.id),
        search: true,
      },
      {
        name: `explore people, ${query}`,
        statement: userSearchSql(terms, EXPLORE_RESULT_LIMIT, viewer.id),
        search: true,
      },
    );
  }

  for (const [name, q] of [
    ["people followed", ""],
    ["a prefix", "pla"],
  ] as const) {
    planned.push({
      name: `mention suggestions, ${name}`,
      statement: suggestionsSql(viewer.id, q, author.id),
      search: true,
    });
  }

  planned.push(
    // Bounded reads only (ADR 0035): the newest follows and reviews, never a table whole.
    { name: "suggested people", statement: suggestedPeopleSql(viewer.id, SUGGESTED_PEOPLE_LIMIT) },
    {
      name: "notification groups",
      statement: notificationGroupsSql(author.id, NOTIFICATIONS_FETCHED),
    },
    { name: "unread notification groups", statement: unreadCountSql(author.id, true) },
    {
      name: "notification group read (likes)",
      statement: markGroupReadSql(author.id, {
        type: "new_like",
        kind: "review",
        itemId: review.id,
      }),
    },
    {
      name: "notification group read (followers)",
      statement: markGroupReadSql(viewer.id, { type: "new_follower", day: "2026-01-01" }),
    },
  );
  for (const after of [undefined, { createdAt: positions.review.createdAt, id: viewer.id }]) {
    planned.push({
      name: `notification group people ${after ? "later page" : "first page"}`,
      statement: groupPeopleSql({
        userId: author.id,
        key: `like.review.${review.id}`,
        after: after && { ...after, kind: "people" },
        limit,
      }),
    });
  }

  for (const status of ["want", "tried"] as const) {
    const at = status === "want" ? positions.wanted : positions.tried;
    for (const after of [undefined, { ...at, kind: status }]) {
      planned.push({
        name: `want to try ${status} ${after ? "later page" : "first page"}`,
        statement: entryPageSql({ userId: viewer.id, status, after, limit }),
      });
    }
  }
  planned.push(
    { name: "want to try counts", statement: countsSql(viewer.id) },
    { name: "want to try keys", statement: wantedKeysSql(viewer.id) },
    {
      name: "want to try marked tried by a dish review",
      statement: markTriedSql({
        id: review.id,
        userId: viewer.id,
        restaurantId: restaurant.id,
        dishKey: "tonkotsu ramen",
      }),
    },
  );

  // A profile's stats, seen by its owner and by someone else, over a year and the last months.
  for (const [who, viewerId] of [
    ["owner", author.id],
    ["signed in", viewer.id],
  ] as const) {
    for (const year of [undefined, 2026]) {
      const scope = { ownerId: author.id, viewerId, ...statsPeriod(year) };
      const period = `${who}, ${year ?? "last 12 months"}`;
      planned.push(
        { name: `stats months (${period})`, statement: statsMonthsSql(scope) },
        { name: `stats ratings (${period})`, statement: statsRatingsSql(scope) },
        { name: `stats words (${period})`, statement: statsWordsSql(scope) },
        { name: `stats top restaurants (${period})`, statement: statsTopRestaurantsSql(scope) },
        { name: `stats favourite dishes (${period})`, statement: statsFavouriteDishesSql(scope) },
        {
          name: `stats first times (${period})`,
          statement: statsFirstsSql({ ...scope, after: undefined, limit: 21 }),
        },
        {
          name: `stats first times later page (${period})`,
          statement: statsFirstsSql({
            ...scope,
            after: { ...positions.review, kind: "dish", key: 20_000 },
            limit: 21,
          }),
        },
      );
    }
    planned.push({ name: `stats years (${who})`, statement: statsYearsSql(author.id, viewerId) });
  }

  for (const [visibility, list] of Object.entries(world.authorLists)) {
    for (const [who, viewerId] of [
      ["visitor", null],
      ["signed in", viewer.id],
    ] as const) {
      planned.push(
        {
          name: `list ${visibility} (${who})`,
          statement: visibleListSql(list.id, viewerId, list.key),
        },
        { name: `list ${visibility} entries (${who})`, statement: entriesSql(list.id, viewerId) },
      );
    }
  }
  for (const [who, viewerId] of [
    ["visitor", null],
    ["signed in", viewer.id],
    ["owner", author.id],
  ] as const) {
    planned.push({
      name: `profile lists (${who})`,
      statement: profileListsSql(author.id, viewerId),
    });
  }
  planned.push(
    { name: "lists followed", statement: followedListsSql(viewer.id, LIST_LIMITS.listsMax) },
    { name: "my lists", statement: myListsSql(author.id, null) },
    {
      name: "my lists for a restaurant",
      statement: myListsSql(author.id, { restaurantId: restaurant.id }),
    },
    { name: "my lists for a review", statement: myListsSql(author.id, { reviewId: review.id }) },
  );

  // For you's computation reads the viewer's ratings, others' ratings of the same items and
  // people's loves, each from an index; its read, the viewer's stored picks (ADR 0033).
  for (const [who, person] of [
    ["a rater who follows people", viewer.id],
    ["an author", author.id],
  ] as const) {
    planned.push(
      { name: `for you picks computed (${who})`, statement: computePicksSql(person, new Date()) },
      { name: `for you picks state (${who})`, statement: picksStateSql(person) },
      { name: `for you picks read (${who})`, statement: readPicksSql(person) },
    );
  }

  const queueAfter = { ...positions.review, pending: true, kind: "report" };
  for (const after of [undefined, queueAfter]) {
    planned.push({
      name: `moderation queue ${after ? "later page" : "first page"}`,
      statement: reportQueueSql(REPORT_LIMITS.pageSize + 1, after),
    });
  }
  const targets = targetsSql([
    { type: "review", id: review.id },
    { type: "post", id: post.id },
    { type: "comment", id: world.comment.id },
    { type: "post_comment", id: world.postComment.id },
    { type: "user", id: author.id },
  ]);
  if (targets) planned.push({ name: "moderation queue targets", statement: targets });
  for (const after of [undefined, { ...positions.review, kind: "activity" }]) {
    planned.push({
      name: `activity log ${after ? "later page" : "first page"}`,
      statement: activitySql(REPORT_LIMITS.activityPageSize + 1, after),
    });
  }
  return planned;
}

/** An index of a growing table, as the plan check needs to know it. */
interface IndexInfo {
  table: string;
  method: string;
  /** The first key column; null for an expression. */
  leading: string | null;
}

async function growingTableIndexes(db: Executor): Promise<Map<string, IndexInfo>> {
  const result = await db.execute<IndexInfo & { name: string } & Record<string, unknown>>(sql`
    select i.relname as name, t.relname as "table", am.amname as method, a.attname as leading
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_am am on am.oid = i.relam
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
     where t.relname in (${sql.join(
       GROWING_TABLES.map((table) => sql`${table}`),
       sql`, `,
     )})`);
  return new Map(result.rows.map(({ name, ...index }) => [name, index]));
}

/** A node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  "Node Type": string;
  "Parent Relationship"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

/** Nodes that read their whole input before returning a row: a LIMIT above does not bound it. */
const READS_ALL_INPUT = new Set([
  "Sort",
  "Incremental Sort",
  "Hash",
  "Aggregate",
  "SetOp",
  "Materialize",
  "WindowAgg",
]);

/**
 * Whether an index scan seeks rather than reads the index through: a B-tree needs a condition on
 * its first column (a condition on a later one still walks all of it); other kinds (GIN) only
 * ever answer a condition.
 */
function seeks(index: IndexInfo, condition: string | undefined): boolean {
  if (!condition) return false;
  if (index.method !== "btree" || index.leading === null) return true;
  return new RegExp(`(^|[^.\\w])${index.leading}\\b`).test(condition);
}

/**
 * Where the plan reads a growing table whole: a Seq Scan, or an index read from end to end
 * (the planner's fallback when no index fits, sequential scans being off) unless a LIMIT stops it
 * early with nothing in between that first reads all its input, as for the feed's ordered walk.
 * What runs again for every outer row (a subplan, a nested loop's inner side) is never bounded.
 */
function wholeTableReads(
  node: PlanNode,
  indexes: ReadonlyMap<string, IndexInfo>,
  bounded = false,
): string[] {
  const found: string[] = [];
  const indexName = node["Index Name"];
  const index = indexName === undefined ? undefined : indexes.get(indexName);
  const table = node["Relation Name"] ?? index?.table;
  if (table !== undefined && GROWING_TABLES.includes(table)) {
    if (node["Node Type"] === "Seq Scan") found.push(`Seq Scan on ${table}`);
    else if (index && !bounded && !seeks(index, node["Index Cond"])) {
      found.push(`${node["Node Type"]} through all of ${indexName}`);
    }
  }
  const type = node["Node Type"];
  const boundsChildren = type === "Limit" || (bounded && !READS_ALL_INPUT.has(type));
  for (const child of node.Plans ?? []) {
    const relationship = child["Parent Relationship"];
    const rerun =
      relationship === "SubPlan" ||
      relationship === "InitPlan" ||
      (type === "Nested Loop" && relationship === "Inner");
    found.push(...wholeTableReads(child, indexes, boundsChildren && !rerun));
  }
  return found;
}

/**
 * For the rest of the transaction, the planner avoids reading a table or index whole wherever an
 * index could spare it: sequential scans are off, and rows cost a hundred times their usual
 * price against pages. At a few thousand rows, reading a short partial index through costs
 * about what one GIN lookup's fixed overhead does, so the planner would honestly prefer it; at a
 * million rows the rows dominate, as they do here.
 */
const avoidWholeReads = sql`
  select set_config('enable_seqscan', 'off', true), set_config('cpu_tuple_cost', '1', true),
         set_config('cpu_index_tuple_cost', '0.5', true),
         set_config('cpu_operator_cost', '0.25', true)`;

/**
 * The plan of `planned` as the planner avoiding whole reads makes it (and a search's settings when asked), as JSON
 * to check and as text to show.
 */
async function explain(db: Executor, planned: Planned, format: "json" | "text") {
  return db.transaction(async (tx) => {
    if (planned.search) await tx.execute(searchSettingsSql);
    await tx.execute(avoidWholeReads);
    const options = sql.raw(format === "json" ? "(format json)" : "");
    const result = await tx.execute<{ "QUERY PLAN": unknown }>(
      sql`explain ${options} ${planned.statement}`,
    );
    return result.rows.map((row) => row["QUERY PLAN"]);
  });
}

async function planTree(db: Executor, planned: Planned): Promise<PlanNode> {
  const [output] = await explain(db, planned, "json");
  // node-postgres parses the json column; PGlite may hand over its text.
  const [root] = (typeof output === "string" ? JSON.parse(output) : output) as [{ Plan: PlanNode }];
  return root.Plan;
}

/**
 * One test seeds thousands of rows and plans every list and search the API runs: about 20 s of
 * work on a quiet 2-core machine beside two other test workers, so the suite's 30 s per test
 * would fail it for being busy rather than wrong.
 */
const PLANS_TIMEOUT_MS = 120_000;

describe("query plans", () => {
  it("reads no growing table whole in any list or search the API runs", {
    timeout: PLANS_TIMEOUT_MS,
  }, async () => {
    await testApp.start();
    const db = testApp.db;
    const world = await seed(db);
    const indexes = await growingTableIndexes(db);
    const statements = everyListStatement(world, db);
    const failures: string[] = [];
    for (const planned of statements) {
      const reads = wholeTableReads(await planTree(db, planned), indexes);
      if (reads.length === 0) continue;
      const text = (await explain(db, planned, "text")).join("\n");
      failures.push(`${planned.name}: ${reads.join(", ")}\n${text}`);
    }
    expect(statements.length).toBeGreaterThan(100);
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
});
