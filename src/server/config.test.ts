import { describe, expect, it } from 'vitest';
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

  it('does not seed a demo in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
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
    expect(loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'secret1' }).admin).toEqual({
      email: 'ops@example.com',
      password: 'secret1',
    });
  });
});
