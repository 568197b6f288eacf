import { z } from "zod";

/** A path id that must be a UUID: anything else is a 400 before the database is asked. */
export const idParam = z.guid({ error: "Invalid id" });
