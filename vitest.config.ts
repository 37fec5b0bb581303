import { defineConfig } from 'vitest/config';
import { catalogues } from './scripts/catalogue-plugin.ts';

export default defineConfig({
  // Web modules import their texts compiled (`?catalogue`), as in the build.
  plugins: [catalogues()],
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    // CI adds a JSON report so its closing line can count every test of every run.
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only queue up behind the database.
    maxWorkers: 2,
  },
});
