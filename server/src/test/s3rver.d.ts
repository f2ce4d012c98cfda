// s3rver ships no types; what the tests use of it.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Buffer[] }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Resolves to the listening address. */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
