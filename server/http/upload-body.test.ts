import { mkdtemp, readdir, rm } from "node:fs/promises";
import { STATUS_CODES } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { crc32, deflateSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { PHOTO_LIMITS, photoMessages } from "#domain/photos-rules.ts";
import { PROFILE_LIMITS, profileMessages } from "#domain/profile-rules.ts";
import { TEST_ORIGIN, useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { testJpeg } from "#server/test/content-helpers.ts";
import { type MultipartBody, multipart } from "#server/test/multipart.ts";
import { request } from "#server/test/request.ts";
import { uploadBodyMessages } from "./upload-body.ts";

const testApp = useTestApp();

/** Both multipart routes keep the same rules; each with its own limit and messages. */
const ROUTES = [
  {
    url: "/api/uploads/images",
    maxBytes: PHOTO_LIMITS.maxBytes,
    tooLarge: photoMessages.tooLarge,
    invalidType: photoMessages.invalidType,
    stored: /^\/uploads\/photos\/[^/]+\/[a-z0-9]+-1280\.webp$/,
  },
  {
    url: "/api/profile/avatar",
    maxBytes: PROFILE_LIMITS.avatarMaxBytes,
    tooLarge: profileMessages.avatarTooLarge,
    invalidType: profileMessages.avatarInvalidType,
    stored: /^\/uploads\/avatars\/[^/]+\/[a-z0-9]+\.webp$/,
  },
] as const;

/** A client that would send far more than any limit if it were let. */
const HOSTILE_BODY_BYTES = 50 * 1024 * 1024;
/** What a server that stopped at the limit may still have read: a few of its own buffers. */
const READ_AHEAD_BYTES = 512 * 1024;

async function signedIn() {
  const { app } = await testApp.start();
  return signUpByEmail(app);
}

const fileBody = (data: Buffer, filename = "photo.jpg", contentType = "image/jpeg") =>
  multipart([{ field: "file", filename, contentType, data }]);

/** A PNG whose header declares `width`×`height` RGB pixels and carries one row of them. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface Exchange {
  /** Everything the server answered, as text. */
  answer: string;
  /** Body bytes the client managed to hand to its socket before the server closed it. */
  sent: number;
  /** Bytes the server's side of the connection read, request head included. */
  serverRead: number;
  /** Milliseconds from the first byte sent to the answer's first byte. */
  answeredAfterMs: number;
  /** Milliseconds from the first byte sent until the server closed the connection; NaN if not. */
  closedAfterMs: number;
}

/** How long a client that sent everything waits for the server to close before giving up. */
const CLOSE_WAIT_MS = 5000;

/**
 * Sends `head` over a raw connection to the listening app, then body bytes (`first`, then zeros
 * up to HOSTILE_BODY_BYTES) in 64 KiB pieces at a steady pace, reading the answer meanwhile,
 * until the server closes the connection (or CLOSE_WAIT_MS after everything was sent).
 * `frame` wraps each piece (chunked transfer coding, or nothing under a Content-Length).
 */
async function sendHostileBody(
  app: FastifyInstance,
  head: string,
  first: Buffer,
  frame: (piece: Buffer) => Buffer,
): Promise<Exchange> {
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("app is not listening");
  let serverSocket: Socket | undefined;
  app.server.once("connection", (socket: Socket) => {
    serverSocket = socket;
  });
  // Half-open allowed: the client goes on sending after the server's FIN, as a client busy
  // writing does, until the server destroys the connection.
  const socket = connect({ port: address.port, host: "127.0.0.1", allowHalfOpen: true });
  // Writes fail with EPIPE or ECONNRESET once the server destroys the connection; expected.
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const started = Date.now();
  let answer = "";
  let answeredAfterMs = Number.NaN;
  socket.on("data", (chunk: Buffer) => {
    if (answer === "") answeredAfterMs = Date.now() - started;
    answer += chunk.toString("latin1");
  });
  socket.write(head);
  const piece = Buffer.alloc(64 * 1024);
  let sent = 0;
  let closedAfterMs = Number.NaN;
  void closed.then(() => {
    closedAfterMs = Date.now() - started;
  });
  while (Number.isNaN(closedAfterMs) && sent < HOSTILE_BODY_BYTES) {
    const data = sent === 0 ? first : piece;
    const flushed = socket.write(frame(data));
    sent += data.length;
    if (!flushed) {
      await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
    }
    await sleep(1);
  }
  await Promise.race([closed, sleep(CLOSE_WAIT_MS)]);
  socket.destroy();
  return {
    answer,
    sent,
    serverRead: serverSocket?.bytesRead ?? Number.NaN,
    answeredAfterMs,
    closedAfterMs,
  };
}

const chunked = (piece: Buffer) =>
  Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);

/** The request head of an upload over a raw connection. */
function requestHead(url: string, cookie: string, headers: Record<string, string>): string {
  const lines = Object.entries({
    host: "127.0.0.1",
    origin: TEST_ORIGIN,
    cookie,
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${url} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * The server answered `status`, then closed the connection itself, soon after the answer and
 * while the client still had most of its body to send.
 */
function expectAnsweredThenClosed(exchange: Exchange, status: number) {
  expect(exchange.answer.split("\r\n")[0]).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
  expect(exchange.closedAfterMs - exchange.answeredAfterMs).toBeLessThan(CLOSE_WAIT_MS);
  expect(exchange.sent).toBeLessThan(HOSTILE_BODY_BYTES);
}

function answerBody(answer: string): unknown {
  const [, body = ""] = answer.split("\r\n\r\n");
  return JSON.parse(body);
}

describe.each(ROUTES)("multipart upload rules of POST $url", (route) => {
  const post = (cookie: string, body: Pick<MultipartBody, "headers"> & { payload: unknown }) =>
    request(testApp.app, "POST", route.url, {
      cookie,
      body: body.payload,
      headers: body.headers,
    });

  it.each([
    ["a file that keeps growing", fileBody(Buffer.alloc(0)).unterminated],
    // Bytes before the first boundary are no part at all: only the body's own count stops them.
    ["bytes before any part", Buffer.alloc(64 * 1024)],
  ])("stops reading %s at the limit, answers 413 and closes the connection", async (_, first) => {
    const user = await signedIn();
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const { headers } = fileBody(Buffer.alloc(0));
    const exchange = await sendHostileBody(
      testApp.app,
      requestHead(route.url, user.cookie, { ...headers, "transfer-encoding": "chunked" }),
      first,
      chunked,
    );

    expectAnsweredThenClosed(exchange, 413);
    expect(answerBody(exchange.answer)).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: route.tooLarge },
    });
    expect(exchange.serverRead).toBeGreaterThan(route.maxBytes);
    expect(exchange.serverRead).toBeLessThan(route.maxBytes + READ_AHEAD_BYTES);
  });

  it("answers a declared Content-Length over the limit at once, reading none of the body", async () => {
    const user = await signedIn();
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const { headers, unterminated } = fileBody(Buffer.alloc(0));
    const exchange = await sendHostileBody(
      testApp.app,
      requestHead(route.url, user.cookie, {
        ...headers,
        "content-length": String(HOSTILE_BODY_BYTES),
      }),
      unterminated,
      (piece) => piece,
    );

    expectAnsweredThenClosed(exchange, 413);
    expect(answerBody(exchange.answer)).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: route.tooLarge },
    });
    expect(exchange.serverRead).toBeLessThan(READ_AHEAD_BYTES);
  });

  it("answers a visitor 401 without reading the body being sent", async () => {
    await testApp.start();
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const { headers, unterminated } = fileBody(Buffer.alloc(0));
    const exchange = await sendHostileBody(
      testApp.app,
      requestHead(route.url, "", { ...headers, "transfer-encoding": "chunked" }),
      unterminated,
      chunked,
    );

    expectAnsweredThenClosed(exchange, 401);
    expect(exchange.serverRead).toBeLessThan(READ_AHEAD_BYTES);
  });

  it("answers 413 to a file over the limit inside a body that fits the envelope", async () => {
    const user = await signedIn();
    const response = await post(user.cookie, fileBody(Buffer.alloc(route.maxBytes + 1)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: route.tooLarge },
    });
  });

  it("answers 400, never 500, to a body cut short", async () => {
    const user = await signedIn();
    const whole = fileBody(await testJpeg());
    for (const payload of [
      whole.unterminated,
      whole.payload.subarray(0, whole.payload.length / 2),
      Buffer.from("--not-the-boundary\r\n\r\n"),
    ]) {
      const response = await post(user.cookie, { payload, headers: whole.headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "INVALID_MULTIPART", message: uploadBodyMessages.malformed },
      });
    }
  });

  it("wants exactly one file, in the field named file", async () => {
    const user = await signedIn();
    const jpeg = await testJpeg();
    const bodies = [
      multipart([], { note: "no file at all" }),
      multipart([{ field: "photo", filename: "a.jpg", contentType: "image/jpeg", data: jpeg }]),
      multipart([
        { field: "file", filename: "a.jpg", contentType: "image/jpeg", data: jpeg },
        { field: "file", filename: "b.jpg", contentType: "image/jpeg", data: jpeg },
      ]),
    ];
    for (const body of bodies) {
      const response = await post(user.cookie, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "INVALID_MULTIPART", message: uploadBodyMessages.oneFile },
      });
    }
  });

  it("takes multipart/form-data only, with its boundary", async () => {
    const user = await signedIn();
    const jpeg = await testJpeg();
    const bodies: { payload: unknown; headers: Record<string, string> }[] = [
      { payload: { file: "x" }, headers: {} },
      { payload: "a photo", headers: { "content-type": "text/plain" } },
    ];
    for (const body of bodies) {
      const response = await post(user.cookie, body);
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json()).toEqual({
        error: { code: "UNSUPPORTED_MEDIA_TYPE", message: uploadBodyMessages.notMultipart },
      });
    }
    const raw = await post(user.cookie, {
      payload: jpeg,
      headers: { "content-type": "image/jpeg" },
    });
    expect(raw.statusCode).toBe(415);
    expect(raw.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const noBoundary = await post(user.cookie, {
      payload: fileBody(jpeg).payload,
      headers: { "content-type": "multipart/form-data" },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().error.code).toBe("INVALID_MULTIPART");
  });

  it("decides the type from the bytes: HTML or SVG named .jpg is 415", async () => {
    const user = await signedIn();
    for (const markup of [
      "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>",
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ]) {
      const response = await post(user.cookie, fileBody(Buffer.from(markup), "cute-cat.jpg"));
      expect(response.statusCode, markup).toBe(415);
      expect(response.json()).toEqual({
        error: { code: "UNSUPPORTED_MEDIA_TYPE", message: route.invalidType },
      });
    }
  });

  it("refuses a decompression bomb: a small PNG declaring 20000×20000 pixels", async () => {
    const user = await signedIn();
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    const response = await post(user.cookie, fileBody(bomb, "bomb.png", "image/png"));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: "IMAGE_TOO_LARGE", message: photoMessages.tooManyPixels },
    });
  });

  it("stores the file under a name of its own, whatever the file name says", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-uploads-"));
    try {
      const { app } = await testApp.start({ dataDir });
      const user = await signUpByEmail(app);
      const jpeg = await testJpeg();
      const planted = `planted-${path.basename(dataDir)}`;
      for (const filename of [`../../${planted}.jpg`, `..\\..\\${planted}.jpg`, "/etc/passwd"]) {
        const response = await post(user.cookie, fileBody(jpeg, filename));
        expect(response.statusCode, response.body).toBeLessThan(300);
        const stored: string = response.json().url1280 ?? response.json().avatarUrl;
        expect(stored).toMatch(route.stored);
        expect(stored).not.toContain(planted);
      }
      const uploads = path.join(dataDir, "uploads");
      const files = await readdir(uploads, { recursive: true, withFileTypes: true });
      const paths = files
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)));
      expect(paths.length).toBeGreaterThan(0);
      for (const stored of paths) {
        expect(stored).toMatch(
          /^(photos|avatars)\/[^/]+\/[a-z0-9]+((-1280|-480)?\.webp|-original\.jpg)$/,
        );
      }
      for (const dir of [uploads, dataDir, path.dirname(dataDir)]) {
        expect(await readdir(dir)).not.toContain(`${planted}.jpg`);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("an answer given while the body is still arriving", () => {
  it("ends the connection on any route instead of draining the body", async () => {
    const user = await signedIn();
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const exchange = await sendHostileBody(
      testApp.app,
      requestHead("/api/posts", user.cookie, {
        "content-type": "application/octet-stream",
        "transfer-encoding": "chunked",
      }),
      Buffer.alloc(64 * 1024),
      chunked,
    );

    expectAnsweredThenClosed(exchange, 415);
    expect(exchange.serverRead).toBeLessThan(READ_AHEAD_BYTES);
  });
});
