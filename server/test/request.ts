import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { TEST_ORIGIN } from "./app.ts";

export interface RequestOptions {
  /** The session cookie header, for a signed-in request. */
  cookie?: string | undefined;
  /** A JSON body (objects) or raw payload (Buffer, string). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The client address the server sees (rate limits count per address). */
  remoteAddress?: string;
  /**
   * Resolve once the head is sent and leave the body to `response.stream()`: for answers that
   * never end by themselves (the event stream).
   */
  payloadAsStream?: boolean;
}

/**
 * One request to the app the way the web client sends it: from our origin, with the session
 * cookie when given and the body as JSON. The one request helper of the API tests.
 */
export function request(
  app: FastifyInstance,
  method: NonNullable<InjectOptions["method"]>,
  url: string,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.payloadAsStream ? { payloadAsStream: true } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as string }),
  });
}
