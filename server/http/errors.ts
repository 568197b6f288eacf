import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ApiErrorBody, apiErrorSchema } from "#domain/api-error.ts";
import { isDatabaseUnavailable } from "#server/db/errors.ts";
import { busyCause } from "./busy.ts";

/** A client told the database is away tries again after this many seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The one error type services throw. Routes never build error bodies themselves: the handler
 * below turns every failure into `{ error: { code, message } }` with the right status.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  static badRequest(message: string, code = "VALIDATION_ERROR") {
    return new ApiError(400, code, message);
  }
  static unauthorized(message = "Authentication required") {
    return new ApiError(401, "UNAUTHORIZED", message);
  }
  static forbidden(message = "You are not allowed to do this") {
    return new ApiError(403, "FORBIDDEN", message);
  }
  static notFound(message = "Not found") {
    return new ApiError(404, "NOT_FOUND", message);
  }
  static conflict(message: string, code = "CONFLICT") {
    return new ApiError(409, code, message);
  }
}

/** What a client told to come back (a full queue) shows its person. */
const SERVER_BUSY_MESSAGE = "Tasted is busy right now. Please try again in a moment.";

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** Fastify's own error codes that users can cause, mapped to stable API codes and messages. */
const frameworkErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Unsupported content type",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "INVALID_JSON", message: "Request body must not be empty" },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: "INVALID_JSON",
    message: "Request body is not valid JSON",
  },
};

/**
 * The router's own refusals, before any route runs: an over-long path parameter (414) or a
 * malformed path (400). In the API's error shape, and never echoing the path back.
 */
export function routerErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply.status(414).send(errorBody("URI_TOO_LONG", "The address is too long"));
  }
  return reply.status(400).send(errorBody("BAD_URL", "The address is not valid"));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? "Invalid request";
      return reply.status(400).send(errorBody("VALIDATION_ERROR", message));
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known)
      return reply.status(error.statusCode ?? 400).send(errorBody(known.code, known.message));
    // JSON.parse failures surface as a 400 SyntaxError from the content-type parser.
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(errorBody("INVALID_JSON", "Request body is not valid JSON"));
    }
    // Not the request's fault and not a bug: answered at once so nothing waits on a database
    // that is away, and never as 401, so no client signs anyone out over it.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            "DATABASE_UNAVAILABLE",
            "Tasted can't reach its database right now. Please try again in a moment.",
          ),
        );
    }
    const busy = busyCause(error);
    if (busy) {
      request.log.warn({ err: error }, "server busy");
      return reply
        .status(503)
        .header("retry-after", String(busy.retryAfterSeconds))
        .send(errorBody("SERVER_BUSY", SERVER_BUSY_MESSAGE));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(status).send(errorBody("INTERNAL", "Something went wrong on our side"));
    }
    // Any other 4xx from a plugin (rate limit, multipart, ...) keeps its status and message.
    const code = status === 429 ? "RATE_LIMITED" : (error.code ?? "BAD_REQUEST");
    return reply.status(status).send(errorBody(code, error.message));
  });
}

/**
 * A route's error responses for its OpenAPI schema and serializer: each listed status answers
 * the API's one error shape. `response: { 200: thingSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Status,
    typeof apiErrorSchema
  >;
}
