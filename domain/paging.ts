import { z } from "zod";
import { PAGE_LIMITS } from "./paging-rules.ts";

/** `?cursor=&limit=` of every list. The cursor is opaque: the previous page's nextCursor. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMITS.pageMax).optional(),
});

export type PageQuery = z.infer<typeof pageQuery>;

/** A page of `item`s; nextCursor is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
