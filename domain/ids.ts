import { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is shaped like the ids the database gives rows (UUIDs, any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A path id that must be a UUID: anything else is a 400 before the database is asked. */
export const idParam = z.guid({ error: "Invalid id" });
