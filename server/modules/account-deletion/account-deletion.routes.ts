import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  accountDeletionCodeSchema,
  accountDeletionInput,
  accountDeletionSchema,
} from "#domain/account-deletion.ts";
import { currentUser, requireUser, sessionsChanged } from "#server/auth/session.ts";
import type { RateLimitRule } from "#server/config.ts";
import { throttleCaller } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import {
  type DeletionCodeSenders,
  eraseDueAccounts,
  requestAccountDeletion,
  sendDeletionCode,
} from "./account-deletion.service.ts";

/** How often accounts past their grace are erased (besides once at start-up). */
const ERASE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletion requests per account: a few tries at the password, never a guessing run. */
const DELETION_REQUESTS: RateLimitRule = { window: 3600, max: 10 };

/** Deletion codes per account: a resend or two, never a flood of texts or emails. */
const DELETION_CODES: RateLimitRule = { window: 3600, max: 5 };

export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  senders: DeletionCodeSenders;
}> = async (app, options) => {
  let timer: NodeJS.Timeout | undefined;
  const erase = async () => {
    try {
      const erased = await eraseDueAccounts({
        db: app.database.db,
        storage: app.storage,
        log: app.log,
        ties: app.personTies,
      });
      if (erased > 0) app.log.info({ erased }, "erased accounts past their deletion grace");
    } catch (error) {
      app.log.warn({ err: error }, "erasing accounts failed");
    }
  };
  app.addHook("onReady", async () => {
    await erase();
    timer = setInterval(erase, ERASE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });

  app.post(
    "/account/deletion",
    {
      preHandler: [requireUser, throttleCaller("account-deletion", DELETION_REQUESTS)],
      schema: {
        summary: "Delete your account (restored by any sign-in during the grace period)",
        description:
          "Accounts with a password send it as `password`; others send the `code` that " +
          "POST /api/account/deletion/code sent them, or must have signed in within the last " +
          "10 minutes. Every session ends; the account is erased at `eraseAfter`.",
        tags: ["account"],
        body: accountDeletionInput,
        response: {
          202: accountDeletionSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const session = request.authSession?.session;
      if (!session) throw new Error("requireUser ran without a session");
      const scheduled = await requestAccountDeletion(
        {
          db: app.database.db,
          auth: app.auth,
          userId: user.id,
          sessionCreatedAt: session.createdAt,
        },
        request.body,
      );
      await sessionsChanged(app, user.id);
      return reply.status(202).send(scheduled);
    },
  );

  app.post(
    "/account/deletion/code",
    {
      preHandler: [requireUser, throttleCaller("account-deletion-code", DELETION_CODES)],
      schema: {
        summary: "Send a code that confirms deleting your account (accounts without a password)",
        description:
          "To the confirmed phone number, else the confirmed email; it lives 5 minutes and " +
          "allows 3 tries. 400 for accounts with a password, 409 without a confirmed address.",
        tags: ["account"],
        response: {
          202: accountDeletionCodeSchema,
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const sent = await sendDeletionCode(
        { db: app.database.db, auth: app.auth, userId: user.id },
        options.senders,
      );
      return reply.status(202).send(sent);
    },
  );
};
