import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

/*
 * The real server process, as `npm start` runs it, for the tests that need a process of their
 * own: start-up, kill -9, two instances side by side, backup and restore.
 */
const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<number | null>;
  /** Sends SIGKILL: no shutdown code runs, as when the machine loses power. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
};

/** Starts `src/server/main.ts` with only PATH and the given variables set (plus PORT and HOST). */
export function startServer(env: Record<string, string>, port: number): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** Starts a server and waits until /api/health answers. */
export async function startHealthyServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = startServer(env, await freePort());
  await waitForHealth(server);
  return server;
}

export type ScratchPostgres = { url: string; drop(): Promise<void> };

/**
 * An empty PostgreSQL database beside TEST_DATABASE_URL's, not migrated: a server process
 * started on it migrates it itself.
 */
export async function createScratchPostgres(
  adminUrl: string,
  prefix = 'ferry_proc',
  /** A database to copy (already migrated, nobody connected to it); without it, an empty one. */
  template?: string,
): Promise<ScratchPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
