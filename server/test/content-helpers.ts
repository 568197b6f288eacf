// Photos, uploads and reviews for API tests, through the real endpoints.
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { expect } from "vitest";
import { TEST_ORIGIN } from "./app.ts";
import { multipart } from "./multipart.ts";
import { request } from "./request.ts";

/** A small JPEG; `exif` adds metadata (e.g. GPS) that the pipeline must strip. */
export async function testJpeg(
  options: { width?: number; height?: number; exif?: Record<string, Record<string, string>> } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: { r: 200, g: 80, b: 40 },
    },
  }).jpeg();
  return options.exif ? image.withExif(options.exif).toBuffer() : image.toBuffer();
}

export function uploadImage(
  app: FastifyInstance,
  cookie: string,
  data: Buffer,
  fields: Record<string, string> = {},
  filename = "photo.jpg",
) {
  const body = multipart([{ field: "file", filename, contentType: "image/jpeg", data }], fields);
  return app.inject({
    method: "POST",
    url: "/api/uploads/images",
    headers: { origin: TEST_ORIGIN, cookie, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a fresh JPEG and returns its upload id. */
export async function uploadId(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await uploadImage(app, cookie, await testJpeg());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** Posts a dish review with one fresh photo; returns the response body. */
export async function postDishReview(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await request(app, "POST", "/api/reviews", {
    cookie,
    body: {
      reviewType: "dish",
      restaurant: { name: "Joe's Diner", address: "1 Main St, Springfield, IL 62701, USA" },
      title: "Lobster Roll",
      rating: 5,
      cost: "15.99",
      description: "Great",
      images: [{ uploadId: await uploadId(app, cookie) }],
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
