import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { SIGNING_KEY_FORMAT, VERIFY_KEY_FORMAT } from './lib/ticket-signing.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/**
 * A bearer token is only as strong as its length: 32 random hex characters are 128 bits, beyond
 * guessing at any request rate (`openssl rand -hex 32` gives 64).
 */
const METRICS_TOKEN_MIN_LENGTH = 32;

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
      .default(DEFAULT_TIME_ZONE)
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, `must be an IANA time zone such as ${DEFAULT_TIME_ZONE}`),
    SMTP_URL: optionalUrl,
    MAIL_TRANSPORT: z.preprocess(emptyToUndefined, z.enum(['smtp', 'log']).optional()),
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
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters long`)
        .optional(),
    ),
    SEED_DEMO: z.preprocess(emptyToUndefined, bool.optional()),
    // The e-ticket signing key and the public halves of earlier keys (src/server/lib/ticket-signing.ts).
    TICKET_SIGNING_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(SIGNING_KEY_FORMAT, 'must be <key id>.<seed> as `npm run keygen` prints it')
        .optional(),
    ),
    TICKET_VERIFY_KEYS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.string().regex(VERIFY_KEY_FORMAT, 'each is <key id>.<public key>')))
        .optional(),
    ),
    SEAT_HOLD_SECONDS: z.coerce.number().int().min(1).default(900),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    SEAT_HOLD_PER_IP: z.coerce.number().int().min(1).default(20),
    SEAT_HOLD_MAX_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
    MAX_TICKETS_PER_BOOKING: z.coerce.number().int().min(1).max(200).default(20),
    PENDING_BOOKINGS_PER_EMAIL: z.coerce.number().int().min(1).default(3),
    EMAIL_VERIFICATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).default(10),
    EMAIL_VERIFICATIONS_PER_IP_DAY: z.coerce.number().int().min(1).default(200),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
    GEOIP_URL: optionalUrl,
    WEB_ROOT: optionalString,
    // Card payments online (docs/decisions/042): BML Connect, or the built-in test gateway.
    PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['bml', 'test']).optional()),
    BML_API_KEY: optionalString,
    BML_APP_ID: optionalString,
    BML_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
    /** Another address for BML Connect's API: a local stand-in for tests, never in production. */
    BML_API_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Prometheus metrics (docs/decisions/044): a bearer token on the main port, or a port of their own.
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(
          METRICS_TOKEN_MIN_LENGTH,
          `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long (for example \`openssl rand -hex 32\`)`,
        )
        .regex(
          /^[\x21-\x7e]+$/,
          'must be printable ASCII without spaces, as an Authorization header carries it',
        )
        .optional(),
    ),
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    METRICS_HOST: z.preprocess(emptyToUndefined, z.string().trim().default('127.0.0.1')),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      });
    }
    if (env.TRUST_PROXY !== undefined) {
      const problem = trustProxyProblem(env.TRUST_PROXY);
      if (problem) ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: problem });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'MAIL_TRANSPORT=smtp needs SMTP_URL' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_TRANSPORT !== 'log') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'production needs SMTP_URL to send e-mail (codes, booking notices); set MAIL_TRANSPORT=log only to print mail to the log on purpose',
      });
    }
    // Mailed links are built on PUBLIC_URL alone: a request's Host or X-Forwarded-Host is the
    // client's to choose, so a link built from it could send a staff invitation elsewhere.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'production needs PUBLIC_URL, the address passengers and staff open (for example https://ferry.example.com): links in e-mails are built on it, never on a request header',
      });
    }
    // Without the key an approval would mail a ticket without its QR code, and the e-ticket,
    // manage and boarding pages would fail at the jetty instead of here.
    if (env.NODE_ENV === 'production' && !env.TICKET_SIGNING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TICKET_SIGNING_KEY'],
        message:
          'production needs TICKET_SIGNING_KEY to sign e-ticket codes; make one with `npm run keygen` and keep it out of the database and backups',
      });
    }
    // The demo's admin password is printed on its login page: it never reaches production.
    if (env.NODE_ENV === 'production' && env.SEED_DEMO === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message:
          'the demo (with its published admin password) is never seeded in production; unset SEED_DEMO, or run without NODE_ENV=production to try the demo',
      });
    }
    if (env.PAYMENT_PROVIDER === 'bml' && !(env.BML_API_KEY && env.BML_APP_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BML_API_KEY'],
        message:
          'PAYMENT_PROVIDER=bml needs BML_API_KEY and BML_APP_ID, from the BML Connect merchant portal (Settings, API keys)',
      });
    }
    // The test gateway pays anything with a button: it never takes a passenger's money.
    if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the test gateway (PAYMENT_PROVIDER=test) confirms payments with a button and is never used in production; set PAYMENT_PROVIDER=bml with its keys, or unset it to offer bank transfer only',
      });
    }
    if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'bml' && env.BML_MODE !== 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['BML_MODE'],
        message:
          'BML_MODE=sandbox takes no real money: production needs BML_MODE=production and the production keys (try the sandbox on a server that is not NODE_ENV=production)',
      });
    }
    if (env.NODE_ENV === 'production' && env.BML_API_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['BML_API_URL'],
        message:
          "BML_API_URL points BML Connect at a stand-in for tests; production talks to the bank's own API",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message:
          'METRICS_PORT must differ from PORT: the metrics get a port of their own, off the public one',
      });
    }
    if (env.METRICS_PORT !== undefined) {
      const problem = metricsHostProblem(env.METRICS_HOST, env.METRICS_TOKEN !== undefined);
      if (problem) ctx.addIssue({ code: 'custom', path: ['METRICS_HOST'], message: problem });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
  });

/** Addresses only a private network reaches: loopback, RFC 1918, shared (CGNAT), link-local, unique local. */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, bits, 'ipv4');
}
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

/**
 * The metrics port answers without a token unless METRICS_TOKEN is set: it binds a private
 * address, where only the scraper's network reaches it. Every interface (0.0.0.0, ::) or a public
 * address needs the token too.
 */
function metricsHostProblem(host: string, withToken: boolean): string | undefined {
  if (host === 'localhost') return undefined;
  const family = isIP(host);
  if (family === 0) return `must be an IP address (for example 127.0.0.1 or 10.0.0.5), not ${host}`;
  if (withToken) return undefined;
  const wildcard = host === '0.0.0.0' || host === '::';
  if (!wildcard && PRIVATE_NETWORKS.check(host, family === 4 ? 'ipv4' : 'ipv6')) return undefined;
  return `${host} ${wildcard ? 'is every interface, public ones included' : 'is a public address'}: bind the metrics port to a private address (loopback, 10/8, 172.16/12, 192.168/16, fc00::/7), or set METRICS_TOKEN so it asks for the token too`;
}

/**
 * TRUST_PROXY names the proxies in front: a hop count, or their addresses or CIDRs. `true`
 * would believe any client's X-Forwarded-For, so one client could pose as endless addresses
 * and escape every per-address limit.
 */
function trustProxyProblem(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) {
    return 'true would trust any X-Forwarded-For a client sends; give the number of proxies in front (for example 1) or their addresses or CIDRs (10.0.0.0/8,127.0.0.1)';
  }
  if (['false', 'no', 'off', '0'].includes(v) || /^\d+$/.test(v)) return undefined;
  const bad = trustProxyList(value).filter((entry) => !isAddressOrCidr(entry));
  return bad.length > 0
    ? `not a hop count, address or CIDR: ${bad.join(', ')} (for example 1, or 10.0.0.0/8,127.0.0.1)`
    : undefined;
}

const trustProxyList = (value: string) =>
  value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The parsed TRUST_PROXY as Fastify takes it: off, a hop count, or proxy addresses and CIDRs. */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  return trustProxyList(value);
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /**
   * Where links in e-mails point: PUBLIC_URL, which production requires; elsewhere without it,
   * this machine. Never a request's Host or X-Forwarded-Host, which the client chooses.
   */
  linkBase: string;
  tzOperator: string;
  smtpUrl: string | undefined;
  /** 'log': mail is printed and kept in the outbox instead of sent (the demo, or on purpose). */
  mailTransport: 'smtp' | 'log';
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
  /** TICKET_SIGNING_KEY; outside production a key in the data folder stands in when unset. */
  ticketSigningKey: string | undefined;
  ticketVerifyKeys: string[];
  seatHoldSeconds: number;
  rateLimitScale: number;
  loginMaxFailures: number;
  /** Seats one client address may hold on one departure (live locks and pending bookings). */
  seatHoldPerIp: number;
  /** ...and at most this share of the seats it could take (free plus its own); 1 turns it off. */
  seatHoldMaxShare: number;
  /** The most tickets one booking carries, and the most seats one verified e-mail holds in locks. */
  maxTicketsPerBooking: number;
  /** Bookings not yet reviewed that one verified e-mail may have. */
  pendingBookingsPerEmail: number;
  /** New e-mail addresses one client address may ask codes for in an hour, not counting those it booked for. */
  emailVerificationsPerIpHour: number;
  /** ...and in any 24 hours, booked for or not: a ceiling fake bookings cannot reset. */
  emailVerificationsPerIpDay: number;
  /** An admin session ends after this long without a request. */
  sessionIdleMinutes: number;
  /** ...and this long after sign-in, however active. */
  sessionMaxHours: number;
  trustProxy: TrustProxy;
  geoipUrl: string | undefined;
  /** Folder of the built SPA (default dist/). */
  webRoot: string | undefined;
  logLevel: string;
  /**
   * GET /metrics (docs/decisions/044), or undefined: off. With `port`, on that port only (bound
   * to `host`, asking for `token` when set); else on the main port for `token`'s bearer.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string } | undefined;
  /** The card gateway (docs/decisions/042), or none: bank transfer only. */
  payments:
    | { provider: 'test' }
    | {
        provider: 'bml';
        apiKey: string;
        appId: string;
        mode: 'sandbox' | 'production';
        apiUrl: string | undefined;
      }
    | undefined;
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
    linkBase: e.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${e.PORT}`,
    tzOperator: e.TZ_OPERATOR,
    smtpUrl: e.SMTP_URL,
    mailTransport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'log'),
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
    ticketSigningKey: e.TICKET_SIGNING_KEY,
    ticketVerifyKeys: e.TICKET_VERIFY_KEYS ?? [],
    seatHoldSeconds: e.SEAT_HOLD_SECONDS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    seatHoldPerIp: e.SEAT_HOLD_PER_IP,
    seatHoldMaxShare: e.SEAT_HOLD_MAX_SHARE,
    maxTicketsPerBooking: e.MAX_TICKETS_PER_BOOKING,
    pendingBookingsPerEmail: e.PENDING_BOOKINGS_PER_EMAIL,
    emailVerificationsPerIpHour: e.EMAIL_VERIFICATIONS_PER_IP_HOUR,
    emailVerificationsPerIpDay: e.EMAIL_VERIFICATIONS_PER_IP_DAY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    geoipUrl: e.GEOIP_URL,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
    logLevel: e.LOG_LEVEL,
    metrics:
      e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined
        ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST }
        : undefined,
    payments:
      e.PAYMENT_PROVIDER === 'test'
        ? { provider: 'test' }
        : e.PAYMENT_PROVIDER === 'bml' && e.BML_API_KEY && e.BML_APP_ID
          ? {
              provider: 'bml',
              apiKey: e.BML_API_KEY,
              appId: e.BML_APP_ID,
              mode: e.BML_MODE,
              apiUrl: e.BML_API_URL,
            }
          : undefined,
  };
}
