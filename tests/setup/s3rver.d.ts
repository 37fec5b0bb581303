/** The part of s3rver 3.x (which ships no types) the tests use; see its README. */
declare module 's3rver' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { AddressInfo } from 'node:net';

  type Context = {
    method: string;
    path: string;
    url: string;
    headers: IncomingHttpHeaders;
    status: number;
    type: string;
    body: unknown;
    store: { existsObject(bucket: string, key: string): Promise<boolean> };
  };
  type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

  class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory?: string;
      silent?: boolean;
      resetOnClose?: boolean;
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    });
    /** Koa's middleware stack, composed when the server starts. */
    middleware: Middleware[];
    /** Creates the configured buckets, then listens; resolves to the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Removes every bucket and object. */
    reset(): void;
    /** Creates the buckets given in `configureBuckets`. */
    configureBuckets(): Promise<void>;
  }
  export = S3rver;
}
