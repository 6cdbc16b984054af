import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3Server {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  /** s3rver checks request signatures against these fixed keys. */
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps its objects in. */
  directory: string;
  /** The variables that point the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket. */
export async function startS3Server(bucket = "stock-images-test"): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    ...credentials,
    directory,
    env: {
      BUCKET_NAME: bucket,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: "auto",
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
