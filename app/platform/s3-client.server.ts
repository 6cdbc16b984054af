import type { S3Client } from "@aws-sdk/client-s3";

type S3Sdk = typeof import("@aws-sdk/client-s3");
let loadedSdk: Promise<S3Sdk> | undefined;

/**
 * The AWS SDK for S3, loaded when a bucket is first used rather than as the server starts: it is
 * about a fifth of a start's CPU, and a server that keeps its files on disk never needs it.
 */
export function s3Sdk(): Promise<S3Sdk> {
  return (loadedSdk ??= import("@aws-sdk/client-s3"));
}

export interface S3ClientSettings {
  region?: string;
  /** An S3-compatible service's address (Tigris, MinIO, a test server); path-style requests are used with it. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A client for buckets at AWS or at an S3-compatible service. */
export async function newS3Client(settings: S3ClientSettings): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    region: settings.region ?? "auto",
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: settings.credentials,
    // The SDK's default checksums turn a streamed body into aws-chunked
    // encoding, which S3-compatible servers stored with the extra bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
