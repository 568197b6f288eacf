import { z } from "zod";

/** Every API failure: `{ error: { code, message } }` with the right HTTP status. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
