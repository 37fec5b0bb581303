import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './pglite-template.ts';
import { ensurePostgresTemplate } from './postgres-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each test database copies, under TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('pgliteTemplate', adminUrl ? '' : await ensurePgliteTemplate());
  project.provide('postgresTemplate', adminUrl ? await ensurePostgresTemplate(adminUrl) : '');
}
