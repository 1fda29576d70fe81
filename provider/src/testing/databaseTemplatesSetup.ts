import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates, dropDatabaseTemplates, type DatabaseTemplates } from './databaseTemplates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Read by testProvider.ts through `inject`. */
    haloDatabaseTemplates: DatabaseTemplates;
  }
}

/** Vitest global setup of the provider's integration tests: the run's database templates, dropped after it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates = await createDatabaseTemplates();
  project.provide('haloDatabaseTemplates', templates);
  return () => dropDatabaseTemplates(templates);
}
