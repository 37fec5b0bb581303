// npm ci insists that every optional platform package named by a dependency (biome, rollup,
// tailwind's oxide, ...) has an entry in package-lock.json. A registry that only serves the
// builds for this platform leaves those entries out, and npm ci then refuses the lock file.
// This adds the missing entries with their os/cpu/libc, which makes npm skip them on install
// exactly as it does with a lock file written against the full registry.
// Run after `npm install` changes the lock file: node scripts/complete-lockfile.ts
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

const OS = [
  'android',
  'darwin',
  'win32',
  'freebsd',
  'openbsd',
  'openharmony',
  'netbsd',
  'sunos',
  'aix',
  'linux',
];
const CPU = ['arm64', 'x64', 'ia32', 'loong64', 'ppc64', 's390x', 'riscv64', 'wasm32', 'arm'];

function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c));
  if (!os && !cpu) return undefined;
  const libc = parts.some((p) => p.startsWith('musl'))
    ? ['musl']
    : os === 'linux' && parts.some((p) => p.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc } : {}) };
}

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };
let added = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${where}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[top] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
