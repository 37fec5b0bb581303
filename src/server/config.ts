import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    TZ_OPERATOR: z
      .string()
      .default('Indian/Maldives')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Indian/Maldives'),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Island Ferry <no-reply@islandferry.mv>'),
    MAIL_CLAIM_SECONDS: z.coerce.number().int().min(8).default(600),
    ORPHAN_UPLOAD_GRACE_SECONDS: z.coerce.number().int().min(1).default(900),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalUrl,
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6).optional()),
    SEED_DEMO: z.preprocess(emptyToUndefined, bool.optional()),
    SEAT_HOLD_SECONDS: z.coerce.number().int().min(1).default(900),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
    GEOIP_URL: optionalUrl,
    WEB_ROOT: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
  });

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  tzOperator: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long a mail being sent is reserved; a process killed mid-send delays it by this much. */
  mailClaimMs: number;
  /** A stored slip no ticket references is removed once it is this old (a booking cut short). */
  orphanUploadGraceMs: number;
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
      }
    | undefined;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  seatHoldSeconds: number;
  rateLimitScale: number;
  loginMaxFailures: number;
  /** An admin session ends after this long without a request. */
  sessionIdleMinutes: number;
  /** ...and this long after sign-in, however active. */
  sessionMaxHours: number;
  trustProxy: string | undefined;
  geoipUrl: string | undefined;
  /** Folder of the built SPA (default dist/). */
  webRoot: string | undefined;
  logLevel: string;
};

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the server with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    tzOperator: e.TZ_OPERATOR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailClaimMs: e.MAIL_CLAIM_SECONDS * 1000,
    orphanUploadGraceMs: e.ORPHAN_UPLOAD_GRACE_SECONDS * 1000,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    seatHoldSeconds: e.SEAT_HOLD_SECONDS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    trustProxy: e.TRUST_PROXY,
    geoipUrl: e.GEOIP_URL,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
    logLevel: e.LOG_LEVEL,
  };
}
