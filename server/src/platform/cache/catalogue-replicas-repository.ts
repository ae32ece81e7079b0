import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueReplicas } from '../db/schema';

/** The channel of the catalogue-change notices (`notify_catalogue_change`). */
export const CATALOGUE_CHANNEL = 'cardealer_catalogue';

/** A replica whose last heartbeat is older than this is taken for gone. */
export const REPLICA_ALIVE_MS = 3000;

/**
 * The replicas that cache catalogue answers, and the newest catalogue change each has seen
 * (schema.ts, `catalogueReplicas`).
 */
export function catalogueReplicasRepository(db: Db) {
  return {
    /** Records a replica (or its heartbeat), and the newest change it has seen. */
    async seen(id: string, change = 0): Promise<void> {
      await db
        .insert(catalogueReplicas)
        .values({ id, seenChange: change })
        .onConflictDoUpdate({
          target: catalogueReplicas.id,
          set: {
            seenChange: sql`greatest(${catalogueReplicas.seenChange}, ${change})`,
            heartbeatAt: sql`now()`,
          },
        });
    },

    /**
     * A notice of its own (`b<n>`: nothing changed), committed now: a replica that has seen it has
     * seen every change committed before it (PostgreSQL delivers notices in commit order).
     * Answers its number.
     */
    async barrier(): Promise<number> {
      // Both drivers (node-postgres, PGlite) answer raw SQL as `{ rows }`.
      const result = (await db.execute(
        sql`select pg_notify(${CATALOGUE_CHANNEL}, 'b' || n::text), n::text as change
            from (select nextval('catalogue_change') as n) as next`,
      )) as unknown as { rows: { change: string }[] };
      return Number(result.rows[0].change);
    },

    /** How many live replicas have not yet seen change `change`. */
    async behind(change: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(catalogueReplicas)
        .where(
          and(
            lt(catalogueReplicas.seenChange, change),
            gt(
              catalogueReplicas.heartbeatAt,
              sql`now() - make_interval(secs => ${REPLICA_ALIVE_MS / 1000})`,
            ),
          ),
        );
      return row.n;
    },

    async remove(id: string): Promise<void> {
      await db.delete(catalogueReplicas).where(eq(catalogueReplicas.id, id));
    },

    /** Forgets replicas gone for an hour. */
    async forgetGone(): Promise<void> {
      await db
        .delete(catalogueReplicas)
        .where(lt(catalogueReplicas.heartbeatAt, sql`now() - interval '1 hour'`));
    },
  };
}

export type CatalogueReplicasRepository = ReturnType<typeof catalogueReplicasRepository>;
