// `npm run restore -- <backup folder> [--force]`: checks every checksum first, refuses a target
// that holds data unless --force, then restores the database and the uploads.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { BackupError, restoreBackup } from './lib/backup.ts';

const USAGE = 'Usage: npm run restore -- <backup folder> [--force]';

try {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help || positionals.length !== 1) {
    if (values.help) console.log(USAGE);
    else {
      console.error(USAGE);
      process.exitCode = 1;
    }
  } else {
    const config = loadConfig();
    const backupDir = path.resolve(positionals[0] as string);
    await restoreBackup(config, backupDir, { force: values.force }, (line) => console.log(line));
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
