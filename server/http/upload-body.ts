import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { photoMessages } from "#domain/photos-rules.ts";
import { ImageTooLargeError, UnsupportedImageError } from "#server/media/image-work.ts";
import { ApiError } from "./errors.ts";

/**
 * The one way a route reads an uploaded file: a multipart/form-data body with exactly one file,
 * in the field `file`, and a few short text fields. Nothing past the route's limit is read: the
 * file is counted while it streams in, and so is the whole body, because a multipart parser
 * skips a preamble, an epilogue, the rest of an over-long field and parts it does not want
 * without bound. A body over the limit is answered with 413 as soon as it crosses it (a
 * declared Content-Length over it, before any of it is read), and `closeUnreadBody` then ends
 * the connection instead of draining what the client is still sending.
 */

/** The multipart envelope around the file: boundaries, part headers and the short fields. */
const ENVELOPE_MAX_BYTES = 64 * 1024;
/** Text fields are short (an image description is 300 characters, 4 bytes each at most). */
const FIELD_MAX_BYTES = 2048;
const FIELDS_MAX = 5;
/**
 * How long a refused client has to read its answer before the connection is destroyed. Closing
 * at once would reset a connection whose client is still sending, and a client busy writing
 * loses an answer it had not read yet.
 */
const LINGER_MS = 1500;

export const uploadBodyMessages = {
  notMultipart: 'Send the file as multipart/form-data, in a field named "file"',
  oneFile: 'Send exactly one file, in the field named "file"',
  malformed: "The upload is incomplete or malformed; please send it again",
  tooManyFields: `An upload has at most ${FIELDS_MAX} text fields`,
} as const;

export interface UploadRules<Fields extends z.ZodType> {
  /** The largest file accepted, in bytes. */
  maxFileBytes: number;
  /** The message of the 413 for a larger file. */
  tooLarge: string;
  /** The text fields beside the file; unknown ones are dropped, a failure is a 400. */
  fields: Fields;
}

export interface UploadBody<Fields> {
  file: Buffer;
  /** The file's name as the client gave it (unchecked: any text, maybe empty). */
  fileName: string;
  fields: Fields;
}

const malformed = () => ApiError.badRequest(uploadBodyMessages.malformed, "INVALID_MULTIPART");

/** @fastify/multipart's limit errors, as the 400s of a body that breaks the upload's shape. */
const partLimitErrors: Record<string, () => ApiError> = {
  FST_FILES_LIMIT: () => ApiError.badRequest(uploadBodyMessages.oneFile, "INVALID_MULTIPART"),
  FST_FIELDS_LIMIT: () =>
    ApiError.badRequest(uploadBodyMessages.tooManyFields, "INVALID_MULTIPART"),
  FST_PARTS_LIMIT: () => ApiError.badRequest(uploadBodyMessages.tooManyFields, "INVALID_MULTIPART"),
};

/**
 * Whatever fails while the body is parsed comes from the body itself (a missing closing
 * boundary, a part cut short, a malformed part header, a client that went away), so it is the
 * client's 400, never a 500.
 */
function asUploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return (typeof code === "string" && partLimitErrors[code]?.()) || malformed();
}

/** No more of the body reaches a parser or the process; the kernel's buffers fill instead. */
function stopReading(raw: IncomingMessage): void {
  raw.unpipe();
  raw.pause();
}

/**
 * Reads the upload of `request` per `rules`. Throws ApiError: 415 for a body that is not
 * multipart/form-data, 413 for one over the limit, 400 for anything else that breaks its shape.
 */
export async function readUploadBody<Fields extends z.ZodType>(
  request: FastifyRequest,
  rules: UploadRules<Fields>,
): Promise<UploadBody<z.output<Fields>>> {
  if (!request.isMultipart()) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", uploadBodyMessages.notMultipart);
  }
  const tooLarge = () => new ApiError(413, "PAYLOAD_TOO_LARGE", rules.tooLarge);
  const maxBodyBytes = rules.maxFileBytes + ENVELOPE_MAX_BYTES;
  if (Number(request.headers["content-length"]) > maxBodyBytes) throw tooLarge();

  const raw = request.raw;
  let received = 0;
  let overflowed: (error: ApiError) => void = () => {};
  const overflow = new Promise<never>((_, reject) => {
    overflowed = reject;
  });
  const countBody = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBodyBytes) {
      stopReading(raw);
      overflowed(tooLarge());
    }
  };
  // Every wait below also ends when the body overflows: the parser waiting for its next part
  // or the rest of the file would never hear of it, since it gets no more bytes.
  const next = <T>(step: Promise<T>) => Promise.race([step, overflow]);

  const parts = request.parts({
    limits: {
      files: 1,
      fields: FIELDS_MAX,
      parts: FIELDS_MAX + 1,
      fieldSize: FIELD_MAX_BYTES,
      // Never truncates before the count below has refused the file.
      fileSize: rules.maxFileBytes + 1,
    },
  });
  // Counting starts before the first part is asked for, when the iterator starts piping the
  // body to the parser, so no chunk reaches the parser uncounted.
  raw.on("data", countBody);
  try {
    let file: Buffer | undefined;
    let fileName = "";
    const fields = new Map<string, string>();
    for (let step = await next(parts.next()); !step.done; step = await next(parts.next())) {
      const part = step.value;
      if (part.type === "file") {
        if (file !== undefined || part.fieldname !== "file") {
          part.file.destroy();
          throw ApiError.badRequest(uploadBodyMessages.oneFile, "INVALID_MULTIPART");
        }
        fileName = part.filename;
        file = await readFile(part.file, rules.maxFileBytes, tooLarge, next);
      } else if (typeof part.value !== "string") {
        // A part typed application/json, which the plugin hands over parsed.
        throw malformed();
      } else if (!fields.has(part.fieldname)) {
        fields.set(part.fieldname, part.value);
      }
    }
    if (file === undefined) {
      throw ApiError.badRequest(uploadBodyMessages.oneFile, "INVALID_MULTIPART");
    }
    const parsed = rules.fields.safeParse(Object.fromEntries(fields));
    if (!parsed.success) {
      throw ApiError.badRequest(parsed.error.issues[0]?.message ?? uploadBodyMessages.malformed);
    }
    return { file, fileName, fields: parsed.data };
  } catch (error) {
    stopReading(raw);
    throw asUploadError(error);
  } finally {
    raw.removeListener("data", countBody);
  }
}

async function readFile(
  file: Readable,
  maxBytes: number,
  tooLarge: () => ApiError,
  next: <T>(step: Promise<T>) => Promise<T>,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader: AsyncIterator<Buffer> = file[Symbol.asyncIterator]();
  try {
    for (let step = await next(reader.next()); !step.done; step = await next(reader.next())) {
      size += step.value.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(step.value);
    }
  } catch (error) {
    file.destroy();
    throw error;
  }
  return Buffer.concat(chunks, size);
}

/**
 * An onSend hook: an answer given while the request body is still arriving (a refused upload,
 * a 401 or 429 before the body was wanted) stops reading it and ends the connection once the
 * answer is out, then destroys it after LINGER_MS. Left alone, Node would read and discard the
 * rest of the body, however large, to keep the connection for another request.
 */
export function closeUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // `complete` is false while the body is still arriving; injected test requests have none.
  if (raw.complete !== false) return;
  stopReading(raw);
  // Once the answer is sent, Node drains a body nobody has read from. Reading (and dropping)
  // what is buffered counts as reading it; the pause above still holds, so at most one more
  // buffer arrives.
  raw.read();
  // With Connection: close, Node would destroy the connection as soon as the answer is written,
  // resetting it before a client that is still sending has read the answer.
  reply.removeHeader("connection");
  reply.raw.once("finish", () => {
    const socket = raw.socket;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/** The fields of an upload that takes nothing but the file. */
export const noUploadFields = z.object({});

/**
 * Runs the image pipeline on an uploaded file, with its refusals as the API's answers: 415 (and
 * the route's `invalidType` message) for what is no image we take, 413 for more pixels than the
 * pipeline decodes.
 */
export async function encodeUploadedImage<T>(
  encode: () => Promise<T>,
  invalidType: string,
): Promise<T> {
  try {
    return await encode();
  } catch (error) {
    if (error instanceof UnsupportedImageError) {
      throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", invalidType);
    }
    if (error instanceof ImageTooLargeError) {
      throw new ApiError(413, "IMAGE_TOO_LARGE", photoMessages.tooManyPixels);
    }
    throw error;
  }
}
