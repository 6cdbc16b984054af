import type { S3Client } from "@aws-sdk/client-s3";

type S3Sdk = typeof import("@aws-sdk/client-s3");
let loadedSdk: Promise<S3Sdk> | undefined;

/** The AWS SDK for S3, loaded when a bucket is first used, not at start: about a fifth of a start's CPU, and a server with files on disk never needs it. */
export function s3Sdk(): Promise<S3Sdk> {
  return (loadedSdk ??= import("@aws-sdk/client-s3"));
}

/**
 * Where a bucket is and the keys to it. Left out, the AWS SDK reads its own standard variables (AWS_REGION, AWS_ENDPOINT_URL_S3, AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY), which `fly storage create` sets: they are the SDK's, not the product's settings.
 */
export interface S3ClientSettings {
  region?: string;
  /** An S3-compatible service's address (Tigris, MinIO, a test server). */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A client for buckets at AWS or at an S3-compatible service. */
export async function newS3Client(settings: S3ClientSettings = {}): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Bucket names in the path, not the host name: every S3-compatible service and Amazon S3 answer it.
    forcePathStyle: true,
    credentials: settings.credentials,
    // The SDK's default checksums turn a streamed body into aws-chunked encoding, which S3-compatible servers stored with the extra bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
