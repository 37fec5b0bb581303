// `npm run backup -- [--out <folder>]`: the database (pg_dump, or PGlite's folder with the server
// stopped), then every upload, with a manifest of checksums. Configured by the server's env.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { BackupError, createBackup, defaultBackupDir } from './lib/backup.ts';

const USAGE = 'Usage: npm run backup -- [--out <folder>]   (default ./backups/ferry-<UTC timestamp>/)';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
  } else {
    const config = loadConfig();
    const outDir = values.out ? path.resolve(values.out) : defaultBackupDir();
    await createBackup(config, outDir, (line) => console.log(line));
  }
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
  } else if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`${err.message}\n${USAGE}`);
  } else {
    console.error(err);
  }
  process.exitCode = 1;
}
