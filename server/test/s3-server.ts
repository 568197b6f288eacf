import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { S3Storage } from "#server/media/storage.ts";

/** s3rver accepts any request signed with this pair. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const REGION = "us-east-1";

export interface TestS3Server {
  /** A storage adapter writing to this server's bucket, as S3_* settings would build it. */
  storage(): S3Storage;
  /** Every object key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, files in a temp directory) on a free loopback port, with
 * one empty bucket, so the S3 adapter is tested over HTTP the way it talks to MinIO or R2.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "tasted-s3-"));
  const bucket = "tasted-photos";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: REGION,
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    storage: () => new S3Storage({ endpoint, bucket, region: REGION, ...CREDENTIALS }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
