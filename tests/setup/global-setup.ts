import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', process.env.TEST_DATABASE_URL ? '' : await ensurePgliteTemplate());
}
