import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '#tests/setup/production-env.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      tzOperator: 'Indian/Maldives',
      seedDemo: true,
      seatHoldSeconds: 900,
      rateLimitScale: 1,
      loginMaxFailures: 10,
      s3: undefined,
    });
    expect(c.dataDir.endsWith('data')).toBe(true);
  });

  it('never seeds the demo in production: SEED_DEMO=on there is refused', () => {
    // Production also needs a way to send mail; printing it is the smallest one to give here.
    const production = PRODUCTION_ENV;
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'off' }).seedDemo).toBe(false);
    for (const on of ['on', 'true', '1', 'yes']) {
      expect(() => loadConfig({ ...production, SEED_DEMO: on })).toThrow(
        /SEED_DEMO: the demo \(with its published admin password\) is never seeded in production/,
      );
    }
    expect(loadConfig({ SEED_DEMO: 'on' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'off' }).seedDemo).toBe(false);
  });

  it('production needs SMTP_URL unless MAIL_TRANSPORT=log is set on purpose', () => {
    const { MAIL_TRANSPORT: _, ...noMail } = PRODUCTION_ENV;
    expect(() => loadConfig(noMail)).toThrow(/SMTP_URL: production needs SMTP_URL/);
    expect(() => loadConfig({ ...noMail, MAIL_TRANSPORT: 'smtp' })).toThrow(
      /MAIL_TRANSPORT=smtp needs SMTP_URL/,
    );
    expect(loadConfig(PRODUCTION_ENV).mailTransport).toBe('log');
    expect(loadConfig({ ...noMail, SMTP_URL: 'smtp://mail.example.com:587' }).mailTransport).toBe('smtp');
    // Outside production the demo logs its mail when no SMTP server is set.
    expect(loadConfig({}).mailTransport).toBe('log');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).mailTransport).toBe('smtp');
  });

  it('production refuses to start without PUBLIC_URL or TICKET_SIGNING_KEY, naming each', () => {
    const { PUBLIC_URL: _url, ...noUrl } = PRODUCTION_ENV;
    expect(() => loadConfig(noUrl)).toThrow(
      /PUBLIC_URL: production needs PUBLIC_URL, the address passengers and staff open/,
    );
    const { TICKET_SIGNING_KEY: _key, ...noKey } = PRODUCTION_ENV;
    expect(() => loadConfig(noKey)).toThrow(/TICKET_SIGNING_KEY: production needs TICKET_SIGNING_KEY/);
    // Both missing: one message names both.
    const { PUBLIC_URL: _u, TICKET_SIGNING_KEY: _k, ...neither } = PRODUCTION_ENV;
    expect(() => loadConfig(neither)).toThrow(/PUBLIC_URL[\s\S]*TICKET_SIGNING_KEY/);
    // Outside production neither is needed: the demo signs with a key in its data folder.
    expect(() => loadConfig({})).not.toThrow();
  });

  it('card payments: the test gateway, the sandbox and a stand-in API never in production; BML needs its keys', () => {
    expect(loadConfig({}).payments).toBeUndefined();
    expect(loadConfig({ PAYMENT_PROVIDER: 'test' }).payments).toEqual({ provider: 'test' });
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'test' })).toThrow(
      /PAYMENT_PROVIDER: the test gateway \(PAYMENT_PROVIDER=test\) confirms payments with a button/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'bml', BML_API_KEY: 'k' })).toThrow(
      /BML_API_KEY: PAYMENT_PROVIDER=bml needs BML_API_KEY and BML_APP_ID/,
    );
    const bml = { PAYMENT_PROVIDER: 'bml', BML_API_KEY: 'k', BML_APP_ID: 'a' };
    expect(loadConfig(bml).payments).toEqual({
      provider: 'bml',
      apiKey: 'k',
      appId: 'a',
      mode: 'sandbox',
      apiUrl: undefined,
    });
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...bml })).toThrow(
      /BML_MODE: BML_MODE=sandbox takes no real money/,
    );
    const live = { ...PRODUCTION_ENV, ...bml, BML_MODE: 'production' };
    expect(loadConfig(live).payments).toMatchObject({ provider: 'bml', mode: 'production' });
    expect(() => loadConfig({ ...live, BML_API_URL: 'http://127.0.0.1:9999' })).toThrow(/BML_API_URL: /);
  });

  it('production still allows PGlite, local disk, mail in the log and an http PUBLIC_URL', () => {
    const c = loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://ferry.lan:3000/' });
    expect(c).toMatchObject({
      isProduction: true,
      databaseUrl: undefined,
      s3: undefined,
      mailTransport: 'log',
      publicUrl: 'http://ferry.lan:3000',
    });
  });

  it('builds mailed links on PUBLIC_URL, or this machine outside production, never on a request', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://ferry.example/' }).linkBase).toBe('https://ferry.example');
    expect(loadConfig({ PORT: '4100' }).linkBase).toBe('http://localhost:4100');
    expect(loadConfig(PRODUCTION_ENV).linkBase).toBe(PRODUCTION_ENV.PUBLIC_URL);
  });

  it('fails fast with a message naming every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', TZ_OPERATOR: 'Mars/Olympus', DATABASE_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('Invalid configuration');
      expect(message).toContain('PORT');
      expect(message).toContain('TZ_OPERATOR');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together and S3 credentials with a bucket', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ S3_BUCKET: 'uploads' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'a-long-secret' }).admin).toEqual({
      email: 'ops@example.com',
      password: 'a-long-secret',
    });
  });

  it('wants ADMIN_PASSWORD at least as long as any new password', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'elevenchars' })).toThrow(
      /ADMIN_PASSWORD: must be at least 12 characters long/,
    );
    expect(
      loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'twelve-chars' }).admin?.password,
    ).toBe('twelve-chars');
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true, which would believe any X-Forwarded-For a client sends, with a message saying what to give', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust any X-Forwarded-For a client sends; give the number of proxies in front \(for example 1\) or their addresses or CIDRs/,
    );
  });

  it('takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , ::1, fd00::/8 ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else, naming the bad entries', () => {
    for (const value of ['nginx', '10.0.0.0/33', '10.0.0/8', '127.0.0.1/8/8', '::1/129', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toThrow(
      /not a hop count, address or CIDR: proxy\.internal/,
    );
  });
});

describe('METRICS_TOKEN, METRICS_PORT, METRICS_HOST', () => {
  const token = 'a'.repeat(32);

  it('are off by default, on with a token or a port', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_HOST: '10.0.0.5' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({
      token,
      port: undefined,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: token }).metrics?.token).toBe(token);
  });

  it('production refuses a METRICS_TOKEN shorter than 32 characters, naming it', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: 'a'.repeat(31) })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters long/,
    );
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: `${'a'.repeat(20)} ${'b'.repeat(20)}` }),
    ).toThrow(/METRICS_TOKEN: must be printable ASCII without spaces/);
  });

  it('binds METRICS_PORT to a private address unless the token guards it too', () => {
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.4',
      '192.168.1.10',
      '::1',
      'fd00::5',
      'localhost',
    ]) {
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host }).metrics?.host, host).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '203.0.113.9', '2001:db8::1']) {
      expect(() => loadConfig({ ...PRODUCTION_ENV, METRICS_PORT: '9464', METRICS_HOST: host }), host).toThrow(
        /METRICS_HOST: .*bind the metrics port to a private address/,
      );
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host, METRICS_TOKEN: token }).metrics).toEqual({
        token,
        port: 9464,
        host,
      });
    }
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: 'metrics.internal' })).toThrow(
      /METRICS_HOST: must be an IP address/,
    );
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: METRICS_PORT must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
  });
});
