import type { DomainEffects } from '../platform/effects';

/**
 * What the imports' background work reads: the imports under way (`imports`, state 'checking' or
 * 'applying'), claimed by one process at a time and picked up again after a restart. No trigger
 * or channel: the jobs are started by the routes and found again by their state.
 */
export const importsEffects: DomainEffects = {
  triggers: [],
  queues: [
    {
      table: 'imports',
      migration: '0045_inventory_imports.sql',
      worker: 'server/src/imports/import-jobs.ts',
      effect:
        "a dry run checks each row (import_rows); an apply writes each row's car and its done " +
        "marker in one transaction, deletes the dealer's other cars for 'whole stock', mails the result",
    },
  ],
  channels: [],
};
