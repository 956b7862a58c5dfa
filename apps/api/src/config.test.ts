import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config';

const strong = 'a'.repeat(32);
const strongAdmin = 'b'.repeat(32);

function problemsOf(env: Record<string, string>): string {
  try {
    parseConfig(env, '/srv/app');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('parseConfig', () => {
  it('fills the defaults of DESIGN.md §3', () => {
    const config = parseConfig({}, '/srv/app');
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      payments: { provider: 'sandbox' },
      files: { storage: 'disk', uploadsDir: '/srv/app/data/uploads' },
      iceServers: [],
      seedDemo: true,
      logLevel: 'info',
      rateLimitMax: 300,
      signUpLimitPerHour: 20,
      fees: { platformFeePercent: 10, gstPercent: 18 },
      google: undefined,
    });
  });

  it('reads the platform fee and GST percentages, whole numbers up to 100', () => {
    expect(parseConfig({ PLATFORM_FEE_PERCENT: '12', GST_PERCENT: '5' }).fees).toEqual({
      platformFeePercent: 12,
      gstPercent: 5,
    });
    expect(() => parseConfig({ PLATFORM_FEE_PERCENT: '101' })).toThrow(/PLATFORM_FEE_PERCENT/);
    expect(() => parseConfig({ GST_PERCENT: '7.5' })).toThrow(/GST_PERCENT/);
  });

  it('reads PAYOUT_MINIMUM in paise, ₹500 unless set', () => {
    expect(parseConfig({}).payoutMinimum).toBe(50_000);
    expect(parseConfig({ PAYOUT_MINIMUM: '100000' }).payoutMinimum).toBe(100_000);
    expect(() => parseConfig({ PAYOUT_MINIMUM: '0' })).toThrow(/PAYOUT_MINIMUM/);
  });

  it('reads the seller of receipts, with placeholders that say what to set', () => {
    expect(parseConfig({}).business).toEqual({
      name: 'Skillroute (set BUSINESS_NAME)',
      gstin: '(set BUSINESS_GSTIN)',
      address: '(set BUSINESS_ADDRESS)',
    });
    expect(
      parseConfig({
        BUSINESS_NAME: 'Skillroute Pvt Ltd',
        BUSINESS_GSTIN: '29ABCDE1234F1Z5',
        BUSINESS_ADDRESS: 'Pune',
      }).business,
    ).toEqual({ name: 'Skillroute Pvt Ltd', gstin: '29ABCDE1234F1Z5', address: 'Pune' });
    expect(() => parseConfig({ BUSINESS_GSTIN: '29abcde1234f1z5' })).toThrow(/BUSINESS_GSTIN/);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(parseConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(parseConfig({ PUBLIC_URL: 'https://skillroute.example/' }).publicUrl).toBe(
      'https://skillroute.example',
    );
  });

  it('resolves DATA_DIR against the working directory', () => {
    expect(parseConfig({ DATA_DIR: 'var/sr' }, '/srv/app').dataDir).toBe('/srv/app/var/sr');
    expect(parseConfig({ DATA_DIR: '/data' }, '/srv/app').dataDir).toBe('/data');
  });

  it('seeds demo data by default only with the embedded database', () => {
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ DATABASE_URL: 'postgres://u@db:5432/sr' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://u@db:5432/sr', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('never seeds demo data in production, even on the embedded database, and refuses to be told to', () => {
    const secrets = {
      JWT_SECRET: 'u'.repeat(40),
      ADMIN_JWT_SECRET: 'a'.repeat(40),
      PAYMENT_PROVIDER: 'sandbox',
    };
    expect(parseConfig({ NODE_ENV: 'production', ...secrets }).seedDemo).toBe(false);
    expect(() => parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secrets })).toThrow(
      'SEED_DEMO=true: demo data (and its demo admin with a printed password) is never seeded in production',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', REDIS_URL: ' ' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'PORT=abc: expected a whole number from 1 to 65535'],
    ['PORT', '0', 'PORT=0: expected a whole number from 1 to 65535'],
    ['PORT', '70000', 'PORT=70000: expected a whole number from 1 to 65535'],
    ['PORT', '3.5', 'PORT=3.5: expected a whole number from 1 to 65535'],
    ['PUBLIC_URL', 'localhost:3000', 'PUBLIC_URL=localhost:3000: expected an http:// or https:// URL'],
    ['PUBLIC_URL', 'ftp://x', 'PUBLIC_URL=ftp://x: expected an http:// or https:// URL'],
    ['DATABASE_URL', 'mysql://db/x', 'DATABASE_URL=mysql://db/x: expected a URL like postgres://'],
    [
      'DATABASE_URL',
      'mysql://app:hunter2@db/x',
      'DATABASE_URL=mysql://app:***@db/x: expected a URL like postgres://',
    ],
    [
      'REDIS_URL',
      'tcp://:hunter2@cache:6379',
      'REDIS_URL=tcp://:***@cache:6379: expected a URL like redis://',
    ],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL=localhost:6379: expected a URL like redis://host:6379'],
    ['SMTP_URL', 'mail.example', 'SMTP_URL=mail.example: expected a URL like smtp://'],
    ['PAYMENT_PROVIDER', 'paypal', 'PAYMENT_PROVIDER=paypal: expected one of sandbox, razorpay, stripe'],
    ['FILE_STORAGE', 'ftp', 'FILE_STORAGE=ftp: expected one of disk, s3'],
    ['NODE_ENV', 'staging', 'NODE_ENV=staging: expected one of development, production, test'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL=loud: expected one of fatal, error, warn, info, debug, trace, silent'],
    ['SEED_DEMO', 'maybe', 'SEED_DEMO=maybe: expected true or false'],
    ['RATE_LIMIT_MAX', '-1', 'RATE_LIMIT_MAX=-1: expected a whole number from 1 to 1000000000'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY=true: expected a number of proxy hops from 0 to 10'],
    ['TRUST_PROXY', '11', 'TRUST_PROXY=11: expected a number of proxy hops from 0 to 10'],
    ['TRUST_PROXY', '10.0.0.1,nginx', 'TRUST_PROXY=10.0.0.1,nginx: expected a number of proxy hops'],
    [
      'REDIS_KEY_PREFIX',
      'a b',
      'REDIS_KEY_PREFIX=(hidden): expected 1 to 64 letters, digits, dots, dashes or underscores',
    ],
    ['SHUTDOWN_DRAIN_SECONDS', '301', 'SHUTDOWN_DRAIN_SECONDS=301: expected a whole number from 0 to 300'],
    ['SIGN_UP_LIMIT_PER_HOUR', '0', 'SIGN_UP_LIMIT_PER_HOUR=0: expected a whole number from 1 to 1000000'],
    ['ICE_SERVERS', 'stun:x', 'ICE_SERVERS=stun:x: expected a JSON list of ICE servers'],
    ['ICE_SERVERS', '[{"url":1}]', 'ICE_SERVERS=[{"url":1}]: expected a JSON list of ICE servers'],
    ['TURN_SECRET', 'short', 'TURN_SECRET=(hidden): expected at least 16 characters'],
    ['TURN_TTL_SECONDS', '30', 'TURN_TTL_SECONDS=30: expected a whole number from 60 to 86400'],
    ['TURN_TTL_SECONDS', 'hour', 'TURN_TTL_SECONDS=hour: expected a whole number from 60 to 86400'],
    ['GOOGLE_JWKS_URL', 'keys', 'GOOGLE_JWKS_URL=keys: expected an http:// or https:// URL'],
    ['S3_ENDPOINT', 'minio', 'S3_ENDPOINT=minio: expected an http:// or https:// URL'],
  ])('refuses %s=%s, naming it and what it expects', (name, value, expected) => {
    const message = problemsOf({ [name]: value });
    expect(message).toContain(expected);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('names every bad variable at once, one per line', () => {
    const message = problemsOf({ PORT: 'abc', PAYMENT_PROVIDER: 'paypal' });
    expect(message.split('\n')).toEqual([
      'PORT=abc: expected a whole number from 1 to 65535',
      'PAYMENT_PROVIDER=paypal: expected one of sandbox, razorpay, stripe',
    ]);
  });

  it('trusts no proxy and drains for no time by default; reads a hop count or a list of proxy addresses', () => {
    expect(parseConfig({})).toMatchObject({
      trustProxy: false,
      shutdownDrainSeconds: 0,
      redisKeyPrefix: 'skillroute',
    });
    expect(parseConfig({ REDIS_KEY_PREFIX: 'staging-1' }).redisKeyPrefix).toBe('staging-1');
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1', SHUTDOWN_DRAIN_SECONDS: '5' })).toMatchObject({
      trustProxy: 1,
      shutdownDrainSeconds: 5,
    });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('parses ICE_SERVERS', () => {
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org'], username: 'u', credential: 'c' },
    ];
    expect(parseConfig({ ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(servers);
  });

  it('reads TURN_SECRET and TURN_TTL_SECONDS, with no secret and an hour by default', () => {
    expect(parseConfig({})).toMatchObject({ turnSecret: undefined, turnTtlSeconds: 3600 });
    expect(
      parseConfig({ TURN_SECRET: 'a-turn-secret-of-some-length', TURN_TTL_SECONDS: '600' }),
    ).toMatchObject({ turnSecret: 'a-turn-secret-of-some-length', turnTtlSeconds: 600 });
    expect(parseConfig({ TURN_SECRET: '  ' }).turnSecret).toBeUndefined();
  });

  it('requires the keys of the chosen payment provider and file storage', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp' }).split('\n')).toEqual([
      'RAZORPAY_KEY_SECRET is missing: required when PAYMENT_PROVIDER=razorpay',
      'RAZORPAY_WEBHOOK_SECRET is missing: required when PAYMENT_PROVIDER=razorpay',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toContain(
      'STRIPE_SECRET_KEY is missing: required when PAYMENT_PROVIDER=stripe',
    );
    expect(problemsOf({ FILE_STORAGE: 's3' })).toContain(
      'S3_BUCKET is missing: required when FILE_STORAGE=s3',
    );
    expect(parseConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'ap-south-1' }).files).toMatchObject({
      storage: 's3',
      bucket: 'b',
    });
  });

  it('enables Google sign-in only with a client id, with Google keys by default', () => {
    expect(parseConfig({ GOOGLE_CLIENT_ID: 'id' }).google).toEqual({
      clientId: 'id',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
  });

  describe('in production', () => {
    it('refuses to start without signing secrets', () => {
      expect(problemsOf({ NODE_ENV: 'production' }).split('\n')).toEqual([
        'JWT_SECRET is missing: required in production (at least 32 random characters)',
        'ADMIN_JWT_SECRET is missing: required in production (at least 32 random characters)',
        'PAYMENT_PROVIDER is missing: required in production (razorpay or stripe; sandbox only on purpose, as it takes no money)',
      ]);
    });

    it('takes the sandbox only when it is named', () => {
      expect(
        parseConfig({
          NODE_ENV: 'production',
          JWT_SECRET: strong,
          ADMIN_JWT_SECRET: strongAdmin,
          PAYMENT_PROVIDER: 'sandbox',
        }).payments,
      ).toEqual({ provider: 'sandbox' });
    });

    it('refuses short secrets without printing them', () => {
      const message = problemsOf({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        JWT_SECRET: 'short-secret',
        ADMIN_JWT_SECRET: strongAdmin,
      });
      expect(message).toBe('JWT_SECRET=(hidden): expected at least 32 characters in production');
      expect(message).not.toContain('short-secret');
    });

    it('refuses one secret for both users and admins', () => {
      expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: strong, ADMIN_JWT_SECRET: strong })).toContain(
        'ADMIN_JWT_SECRET=(hidden): expected a different value',
      );
    });

    it('accepts real secrets', () => {
      expect(
        parseConfig({
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'sandbox',
          JWT_SECRET: strong,
          ADMIN_JWT_SECRET: strongAdmin,
        }),
      ).toMatchObject({ jwtSecret: strong, adminJwtSecret: strongAdmin });
    });
  });
});

describe('loadConfig', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const dataDir = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-config-'));
    folders.push(folder);
    return folder;
  };

  it('generates development secrets once into DATA_DIR/secrets.json and reuses them', () => {
    const folder = dataDir();
    const first = loadConfig({ DATA_DIR: folder });
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.adminJwtSecret).not.toBe(first.jwtSecret);
    const file = path.join(folder, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      jwtSecret: first.jwtSecret,
      adminJwtSecret: first.adminJwtSecret,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: folder });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.adminJwtSecret).toBe(first.adminJwtSecret);
  });

  it('prefers secrets from the environment', () => {
    const folder = dataDir();
    expect(loadConfig({ DATA_DIR: folder, JWT_SECRET: strong }).jwtSecret).toBe(strong);
  });

  it('never writes a secrets file in production', () => {
    const folder = dataDir();
    expect(() => loadConfig({ DATA_DIR: folder, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => statSync(path.join(folder, 'secrets.json'))).toThrow();
  });
});
