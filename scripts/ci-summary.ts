// Adds up the JSON reports of the CI runs into one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.tmp/ci-reports';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    const s = report.stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    skipped += s.skipped;
    console.log(`${file}: ${s.expected} passed, ${s.unexpected + s.flaky} failed, ${s.skipped} skipped`);
  }
}
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
