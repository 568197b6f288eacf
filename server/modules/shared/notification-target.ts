import { type SQL, sql } from "drizzle-orm";
import { type ItemKind, itemKinds } from "#domain/item-kinds.ts";

/**
 * Each kind's columns in `notifications`: the item a notification is about, and a comment on it
 * (a reply, a mention, a hidden comment). A notification names at most one item.
 */
export const notificationTargetColumns = {
  review: { item: "review_id", comment: "comment_id" },
  post: { item: "post_id", comment: "post_comment_id" },
  deal: { item: "deal_id", comment: "deal_comment_id" },
} as const satisfies Record<ItemKind, { item: string; comment: string }>;

/** One notification's item (of `kind`) and comment columns, every kind's, the others null. */
export interface NotificationTarget {
  /** The column names, for `insert into notifications (…, ${columns})`. */
  columns: SQL;
  /** Their values, in the same order. */
  values: SQL;
  /** Every one of them equal (nulls too): the rows about exactly this item and comment. */
  matches: (alias: string) => SQL;
}

export function notificationTarget(
  kind: ItemKind,
  itemId: string,
  commentId: string | null,
): NotificationTarget {
  const pairs = itemKinds.flatMap((each) => {
    const { item, comment } = notificationTargetColumns[each];
    const own = each === kind;
    return [
      { column: item, value: own ? itemId : null },
      { column: comment, value: own ? commentId : null },
    ];
  });
  return {
    columns: sql.join(
      pairs.map(({ column }) => sql.identifier(column)),
      sql`, `,
    ),
    values: sql.join(
      pairs.map(({ value }) => sql`${value}::uuid`),
      sql`, `,
    ),
    matches: (alias) =>
      sql.join(
        pairs.map(
          ({ column, value }) =>
            sql`${sql.raw(alias)}.${sql.identifier(column)} is not distinct from ${value}::uuid`,
        ),
        sql` and `,
      ),
  };
}

/**
 * The item notification `n` is about, left-joined as `r` (a review), `p` (a post) and `d` (a
 * deal): at most one of them is there.
 */
export const notificationItemJoins = sql`left join reviews r on r.id = n.review_id
      left join posts p on p.id = n.post_id
      left join deals d on d.id = n.deal_id`;

/** Over {@link notificationItemJoins}: the item is not hidden (or there is none). */
export const notificationItemVisible = sql`not coalesce(r.is_hidden, false)
      and not coalesce(p.is_hidden, false) and not coalesce(d.is_hidden, false)`;

/** Over {@link notificationItemJoins}: the item's kind, id and title, or nulls. */
export const notificationItemColumns = sql`case when r.id is not null then 'review'
                when p.id is not null then 'post' when d.id is not null then 'deal' end as item_kind,
           coalesce(r.id, p.id, d.id) as item_id, coalesce(r.title, p.title, d.title) as title`;
