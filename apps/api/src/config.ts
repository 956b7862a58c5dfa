import path from 'node:path';
import { z } from 'zod';
import { iceServerSchema } from '@skillroute/shared/meet';
import { DEFAULT_FEE_RATES, DEFAULT_PAYOUT_MINIMUM_PAISE } from '@skillroute/shared/earnings';
import { readOrCreateDevSecrets } from './dev-secrets';
import { authRateLimits } from './modules/auth/rate-limits';

/** A bad environment: the message names every bad variable and what it expects, and nothing else. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A GSTIN: state code, PAN, entity number, `Z`, check character (the check character is not verified). */
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Production refuses shorter signing secrets: a guessable secret lets anyone forge a session. */
export const MIN_SECRET_LENGTH = 32;

/** A shorter TURN shared secret is guessable, and its credentials forgeable. */
export const MIN_TURN_SECRET_LENGTH = 16;

const nodeEnvs = ['development', 'production', 'test'] as const;
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Each rule carries the words shown after `NAME=value:` when the value is refused.
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalText = z.preprocess(blankAsUnset, z.string().optional());
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^\d+$/, `expected a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `expected a whole number from ${min} to ${max}`)
      .optional(),
  );
const httpUrl = z.preprocess(
  blankAsUnset,
  z
    .string()
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'expected an http:// or https:// URL',
    )
    .optional(),
);
const urlWithScheme = (schemes: string[], example: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .refine(
        (value) => URL.canParse(value) && schemes.includes(new URL(value).protocol),
        `expected a URL like ${example}`,
      )
      .optional(),
  );
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankAsUnset, z.enum(values, { error: `expected one of ${values.join(', ')}` }).optional());
const booleanFlag = z.preprocess(
  blankAsUnset,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .optional(),
);
/**
 * Which proxies' X-Forwarded-For to believe: a whole number of hops (the balancers in front, each of which
 * appends the address it saw), or a comma-separated list of their addresses or CIDR ranges.
 */
const trustProxy = z.preprocess(
  blankAsUnset,
  z
    .string()
    .transform((value, ctx) => {
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every((entry) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) && /[.:]/.test(entry)))
        return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          'expected a number of proxy hops from 0 to 10, or a comma-separated list of proxy addresses like 10.0.0.0/8,127.0.0.1',
      });
      return z.NEVER;
    })
    .optional(),
);
const iceServers = z.preprocess(
  blankAsUnset,
  z
    .string()
    .transform((value, ctx) => {
      const expected = 'expected a JSON list of ICE servers like [{"urls":"stun:stun.example.org:3478"}]';
      try {
        const parsed = z.array(iceServerSchema).safeParse(JSON.parse(value));
        if (parsed.success) return parsed.data;
      } catch {
        // Falls through to the same message as a well-formed but wrong JSON value.
      }
      ctx.addIssue({ code: 'custom', message: expected });
      return z.NEVER;
    })
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: oneOf(nodeEnvs),
  PORT: wholeNumber(1, 65535),
  PUBLIC_URL: httpUrl,
  DATA_DIR: optionalText,
  DATABASE_URL: urlWithScheme(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database'),
  REDIS_URL: urlWithScheme(['redis:', 'rediss:'], 'redis://host:6379'),
  JWT_SECRET: optionalText,
  ADMIN_JWT_SECRET: optionalText,
  SMTP_URL: urlWithScheme(['smtp:', 'smtps:'], 'smtp://user:password@host:587'),
  MAIL_FROM: optionalText,
  PAYMENT_PROVIDER: oneOf(['sandbox', 'razorpay', 'stripe'] as const),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: httpUrl,
  FILE_STORAGE: oneOf(['disk', 's3'] as const),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: httpUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  ICE_SERVERS: iceServers,
  TURN_SECRET: z.preprocess(
    blankAsUnset,
    z
      .string()
      .min(
        MIN_TURN_SECRET_LENGTH,
        `expected at least ${MIN_TURN_SECRET_LENGTH} characters (the secret the TURN server shares)`,
      )
      .optional(),
  ),
  TURN_TTL_SECONDS: wholeNumber(60, 86_400),
  SEED_DEMO: booleanFlag,
  LOG_LEVEL: oneOf(logLevels),
  RATE_LIMIT_MAX: wholeNumber(1, 1_000_000_000),
  TRUST_PROXY: trustProxy,
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 300),
  REDIS_KEY_PREFIX: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'expected 1 to 64 letters, digits, dots, dashes or underscores')
      .optional(),
  ),
  SIGN_UP_LIMIT_PER_HOUR: wholeNumber(1, 1_000_000),
  PLATFORM_FEE_PERCENT: wholeNumber(0, 100),
  GST_PERCENT: wholeNumber(0, 100),
  PAYOUT_MINIMUM: wholeNumber(1, 100_000_000),
  BUSINESS_NAME: z.preprocess(
    blankAsUnset,
    z.string().max(200, 'expected at most 200 characters').optional(),
  ),
  BUSINESS_GSTIN: z.preprocess(
    blankAsUnset,
    z.string().regex(GSTIN_PATTERN, 'expected a 15-character GSTIN like 29ABCDE1234F1Z5').optional(),
  ),
  BUSINESS_ADDRESS: z.preprocess(
    blankAsUnset,
    z.string().max(500, 'expected at most 500 characters').optional(),
  ),
});

type Env = Record<string, string | undefined>;
export type IceServer = z.infer<typeof iceServerSchema>;

export interface Config {
  nodeEnv: (typeof nodeEnvs)[number];
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  adminJwtSecret: string;
  mail: { smtpUrl: string | undefined; from: string };
  payments:
    | { provider: 'sandbox' }
    | { provider: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; publishableKey: string };
  google: { clientId: string; jwksUrl: string } | undefined;
  files:
    | { storage: 'disk'; uploadsDir: string }
    | {
        storage: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      };
  iceServers: IceServer[];
  /** The secret shared with the TURN server (coturn `static-auth-secret`); with it, rooms get short-lived TURN credentials. */
  turnSecret: string | undefined;
  /** How long a room's TURN credentials stay valid. */
  turnTtlSeconds: number;
  seedDemo: boolean;
  logLevel: (typeof logLevels)[number];
  rateLimitMax: number;
  /** Whose X-Forwarded-For names the client: none (false), a number of hops, or the proxies' addresses. */
  trustProxy: number | string[] | false;
  /** What this deployment's Redis keys start with (the socket.io stream, the rate-limit counters), so two share one Redis safely. */
  redisKeyPrefix: string;
  /** On SIGTERM, how long /api/health answers 503 while requests are still served, before the server stops listening. */
  shutdownDrainSeconds: number;
  /** Sign-ups per hour from one client address (the browser suite, one client making many accounts, raises it). */
  signUpLimitPerHour: number;
  /** The platform's fee and the GST on it, whole percentages (DESIGN.md §4b "Earnings, payouts, receipts"). */
  fees: { platformFeePercent: number; gstPercent: number };
  /** The least a mentor's payout may be, in paise (decision 055). */
  payoutMinimum: number;
  /** The seller named on receipts and credit notes (decision 056); unset, a placeholder that says what to set. */
  business: { name: string; gstin: string; address: string };
}

/** What `parseConfig` returns: everything but the signing secrets, which development may still lack. */
export type ParsedConfig = Omit<Config, 'jwtSecret' | 'adminJwtSecret'> & {
  jwtSecret: string | undefined;
  adminJwtSecret: string | undefined;
};

const GOOGLE_JWKS_DEFAULT = 'https://www.googleapis.com/oauth2/v3/certs';

/** Shows a refused value without leaking a secret into a terminal or a CI log. */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) return `${name} is missing`;
  if (/SECRET|KEY|PASSWORD/.test(name)) return `${name}=(hidden)`;
  // A connection URL may carry a password (postgres://user:password@host): shown without it.
  if (URL.canParse(value) && new URL(value).password !== '') {
    const url = new URL(value);
    url.password = '***';
    return `${name}=${url.toString()}`;
  }
  return `${name}=${value}`;
}

/**
 * Reads the environment of DESIGN.md §3 once. Pure: no files, no network; throws a ConfigError naming
 * every bad variable. Development secrets are filled in separately by `loadConfig`.
 */
export function parseConfig(env: Env, cwd = process.cwd()): ParsedConfig {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${shown(name, env[name])}: ${issue.message}`);
    }
    throw new ConfigError(problems.join('\n'));
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const required = (name: keyof typeof e, why: string): string => {
    const value = e[name];
    if (typeof value === 'string') return value;
    problems.push(`${name} is missing: ${why}`);
    return '';
  };

  for (const name of ['JWT_SECRET', 'ADMIN_JWT_SECRET'] as const) {
    const value = e[name];
    if (production && value === undefined)
      problems.push(
        `${name} is missing: required in production (at least ${MIN_SECRET_LENGTH} random characters)`,
      );
    else if (production && value !== undefined && value.length < MIN_SECRET_LENGTH)
      problems.push(`${name}=(hidden): expected at least ${MIN_SECRET_LENGTH} characters in production`);
  }
  if (production && e.SEED_DEMO === true)
    problems.push(
      'SEED_DEMO=true: demo data (and its demo admin with a printed password) is never seeded in production',
    );
  if (production && e.JWT_SECRET !== undefined && e.JWT_SECRET === e.ADMIN_JWT_SECRET) {
    problems.push(
      'ADMIN_JWT_SECRET=(hidden): expected a different value from JWT_SECRET, so a user token can never pass as an admin token',
    );
  }

  // The sandbox takes no money: a production deployment names its provider, even to run the sandbox on purpose.
  if (production && e.PAYMENT_PROVIDER === undefined)
    problems.push(
      'PAYMENT_PROVIDER is missing: required in production (razorpay or stripe; sandbox only on purpose, as it takes no money)',
    );
  const provider = e.PAYMENT_PROVIDER ?? 'sandbox';
  let payments: Config['payments'] = { provider: 'sandbox' };
  if (provider === 'razorpay') {
    const why = 'required when PAYMENT_PROVIDER=razorpay';
    payments = {
      provider,
      keyId: required('RAZORPAY_KEY_ID', why),
      keySecret: required('RAZORPAY_KEY_SECRET', why),
      webhookSecret: required('RAZORPAY_WEBHOOK_SECRET', why),
    };
  } else if (provider === 'stripe') {
    const why = 'required when PAYMENT_PROVIDER=stripe';
    payments = {
      provider,
      secretKey: required('STRIPE_SECRET_KEY', why),
      webhookSecret: required('STRIPE_WEBHOOK_SECRET', why),
      publishableKey: required('STRIPE_PUBLISHABLE_KEY', why),
    };
  }

  const dataDir = path.resolve(cwd, e.DATA_DIR ?? 'data');
  let files: Config['files'] = { storage: 'disk', uploadsDir: path.join(dataDir, 'uploads') };
  if (e.FILE_STORAGE === 's3') {
    const why = 'required when FILE_STORAGE=s3';
    files = {
      storage: 's3',
      bucket: required('S3_BUCKET', why),
      region: required('S3_REGION', why),
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    };
  }

  if (problems.length > 0) throw new ConfigError(problems.join('\n'));

  const port = e.PORT ?? 3000;
  return {
    nodeEnv,
    port,
    // Without a trailing slash, so `${publicUrl}/reset-password` is always right.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    adminJwtSecret: e.ADMIN_JWT_SECRET,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? 'Skillroute <no-reply@skillroute.local>' },
    payments,
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL ?? GOOGLE_JWKS_DEFAULT }
      : undefined,
    files,
    iceServers: e.ICE_SERVERS ?? [],
    turnSecret: e.TURN_SECRET,
    turnTtlSeconds: e.TURN_TTL_SECONDS ?? 3600,
    // Demo rows belong in a throwaway embedded database, never by surprise in a real server's one, and never
    // in production, whatever the database: the demo admin's password would be printed to the log.
    seedDemo: !production && (e.SEED_DEMO ?? e.DATABASE_URL === undefined),
    logLevel: e.LOG_LEVEL ?? 'info',
    rateLimitMax: e.RATE_LIMIT_MAX ?? 300,
    trustProxy: e.TRUST_PROXY === undefined || e.TRUST_PROXY === 0 ? false : e.TRUST_PROXY,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? 0,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'skillroute',
    signUpLimitPerHour: e.SIGN_UP_LIMIT_PER_HOUR ?? authRateLimits.signUp.max,
    fees: {
      platformFeePercent: e.PLATFORM_FEE_PERCENT ?? DEFAULT_FEE_RATES.platformFeePercent,
      gstPercent: e.GST_PERCENT ?? DEFAULT_FEE_RATES.gstPercent,
    },
    payoutMinimum: e.PAYOUT_MINIMUM ?? DEFAULT_PAYOUT_MINIMUM_PAISE,
    business: {
      name: e.BUSINESS_NAME ?? 'Skillroute (set BUSINESS_NAME)',
      gstin: e.BUSINESS_GSTIN ?? '(set BUSINESS_GSTIN)',
      address: e.BUSINESS_ADDRESS ?? '(set BUSINESS_ADDRESS)',
    },
  };
}

/**
 * The configuration the process runs with: `parseConfig`, then (outside production) signing secrets
 * generated once into DATA_DIR/secrets.json, so sessions survive a restart without any setup.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const parsed = parseConfig(env, cwd);
  const { jwtSecret, adminJwtSecret } = parsed;
  if (jwtSecret !== undefined && adminJwtSecret !== undefined)
    return { ...parsed, jwtSecret, adminJwtSecret };
  const generated = readOrCreateDevSecrets(parsed.dataDir);
  return {
    ...parsed,
    jwtSecret: jwtSecret ?? generated.jwtSecret,
    adminJwtSecret: adminJwtSecret ?? generated.adminJwtSecret,
  };
}
