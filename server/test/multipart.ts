import { randomBytes } from "node:crypto";

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
  /** The payload without its closing boundary: what a client sends up to the end of its data. */
  unterminated: Buffer;
}

/** A multipart/form-data body for app.inject() (or a raw socket), with files and plain fields. */
export function multipart(
  files: MultipartFile[],
  fields: Record<string, string> = {},
): MultipartBody {
  const boundary = `----tasted${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  const unterminated = Buffer.concat(parts);
  return {
    payload: Buffer.concat([unterminated, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    unterminated,
  };
}
