/**
 * The free text of the candidate searches (candidates.ts) against one car, with search's own
 * rules (catalogue/text-query.ts: the words as typed, misspelt words as the known words within
 * their typos, words no car has left out), so a search's alert fires for exactly the cars its
 * text lists. One look-up of the vocabulary for all the texts, one query for the car against
 * all of them; a text is worked out in full (textQuery) only when the car misses its words and
 * no car for sale has them all together (then search leaves some out).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { forSaleAs } from '../platform/db/for-sale';
import { textQueries } from '../search/text-query';

/** Texts compared in one query. */
const TEXTS_PER_QUERY = 200;

/** The texts (of `texts`) whose search lists the car `carId`, a car for sale. */
export async function textsListing(db: Db, carId: string, texts: string[]): Promise<Set<string>> {
  const distinct = [...new Set(texts.filter((q) => q.trim()))];
  const listed = new Set<string>();
  if (distinct.length === 0) return listed;
  const { draftQueries, textQuery } = textQueries(db);
  const drafts = await draftQueries(distinct);
  const undecided: string[] = [];
  for (let first = 0; first < distinct.length; first += TEXTS_PER_QUERY) {
    const chunk = distinct.slice(first, first + TEXTS_PER_QUERY);
    const matches = chunk.map((q) => sql`p.search @@ ${drafts.get(q)!.query}`);
    // Whether some car for sale has the words together: asked only of a text with two words
    // or more that the car misses (a CASE reads its branch only when its test holds).
    const together = chunk.map((q) => {
      const draft = drafts.get(q)!;
      if (!draft.multiword) return sql`true`;
      return sql`case when p.search @@ ${draft.query} then true else exists (
        select 1 from products x where ${forSaleAs('x')} and x.search @@ ${draft.query}) end`;
    });
    const [row] = await rowsOf<{ m: boolean[]; t: boolean[] }>(
      db,
      sql`select array[${sql.join(matches, sql`, `)}] as m, array[${sql.join(together, sql`, `)}] as t
        from products p where p.id = ${carId}`,
    );
    if (!row) return listed;
    chunk.forEach((q, i) => {
      if (row.m[i]) listed.add(q);
      else if (!row.t[i]) undecided.push(q);
    });
  }
  // No car has these words together: search leaves out those no car has; as it does here.
  for (const q of undecided) {
    const { query } = await textQuery(q);
    if (!query) continue;
    const [row] = await rowsOf<{ m: boolean }>(
      db,
      sql`select p.search @@ ${query} as m from products p where p.id = ${carId}`,
    );
    if (row?.m) listed.add(q);
  }
  return listed;
}
