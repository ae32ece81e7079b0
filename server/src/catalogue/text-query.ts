/**
 * The free text of a search (`q`) as a text query: its words as typed (web-search syntax), and
 * each misspelt word also as the known words it resembles.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from './search-rows';

/** How many known words a misspelt query word may stand for. */
const CORRECTIONS_PER_WORD = 3;

/**
 * The words of a query to look up in the vocabulary (letters and digits, lower case), leaving
 * out those the query excludes (`-word`).
 */
export function queryWords(q: string): string[] {
  const words = q
    .split(/\s+/)
    .filter((token) => !token.startsWith('-'))
    .flatMap((token) => token.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length > 0 && word !== 'or');
  return [...new Set(words)];
}

/** The text queries of this database (its vocabulary spells the corrections). */
export function textQueries(db: Db) {
  /**
   * The text query of `q`: its words as typed (web-search syntax), or any of them also as the
   * known words a misspelt one resembles ('ferari' → ferrari): a query word that is no word of
   * any car's name, category or location is looked up by trigram similarity in the vocabulary
   * (migration 0009's search_words).
   */
  async function textQuery(q: string | undefined): Promise<SQL | null> {
    const text = q?.trim();
    if (!text) return null;
    const typed = sql`websearch_to_tsquery('english', ${text})`;
    const words = queryWords(text).slice(0, 10);
    if (words.length === 0) return typed;
    const list = sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    );
    const found = await rowsOf<{ w: string; known: boolean; alts: string[] }>(
      db,
      sql`select q.w,
          exists (select 1 from search_words s where s.word = q.w) as known,
          array(select s.word from search_words s where length(q.w) >= 3 and s.word % q.w
            order by similarity(s.word, q.w) desc, s.word limit ${CORRECTIONS_PER_WORD}) as alts
        from unnest(array[${list}]::text[]) as q(w)`,
    );
    const misspelt = found.filter((row) => !row.known && row.alts.length > 0);
    if (misspelt.length === 0) return typed;
    const alternatives = new Map(misspelt.map((row) => [row.w, row.alts]));
    const corrected = words
      .map((word) => {
        const alts = alternatives.get(word);
        return alts ? `(${[word, ...alts].join(' | ')})` : word;
      })
      .join(' & ');
    return sql`(${typed} || to_tsquery('english', ${corrected}))`;
  }

  return { textQuery };
}
