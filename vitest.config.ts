import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { catalogues } from './scripts/catalogue-plugin.ts';

/**
 * The longest files: those that start whole server processes (the kill -9 storm alone runs for
 * minutes), then the upload fuzzing. Started after the rest, as a clean clone with no timings
 * cached would by file size, one of them runs alone at the end while the other worker idles;
 * first, the rest fills in beside them.
 */
const SLOW_FIRST = [
  /^tests\/fault\//,
  /^tests\/(backup-restore|demo-in-production|scale-out|server-process)\.test\.ts$/,
  /upload-fuzz\.test\.ts$/,
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const file = spec.moduleId.slice(spec.project.config.root.length + 1);
      const index = SLOW_FIRST.findIndex((pattern) => pattern.test(file));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Array sort is stable: within a rank, the base order (longest last time, or largest) stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: SlowFirst },
  },
});
