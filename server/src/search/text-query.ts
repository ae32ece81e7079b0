/**
 * The free text of a search (`q`) as a text query: its words as typed (web-search syntax), each
 * misspelt word also as the known words it resembles within its typos, and, when the words
 * match no car together, without the words that match no car at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { FOR_SALE_SQL } from '../platform/db/for-sale';
import { typos, typosAllowed } from './typos';

/** How many known words a misspelt query word may stand for. */
const CORRECTIONS_PER_WORD = 3;
/** Known words looked at per misspelt word (the most similar by trigrams), before typos count. */
const CANDIDATES_PER_WORD = 20;
/**
 * The trigram similarity below which a known word is not looked at: lower than pg_trgm's
 * default 0.3, which two typos in a word of nine letters can fall under.
 */
const MIN_SIMILARITY = 0.15;
/** `%`'s threshold: a little under MIN_SIMILARITY, which the look-up then applies exactly. */
const TRIGRAM_THRESHOLD = 0.14;
/** Query words looked up at most (the rest are taken as typed). */
const MAX_WORDS = 10;

/** Words as a list of SQL parameters, for `array[…]`. */
const listOf = (words: string[]) =>
  sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );

/** A search's text query, and the query words it left out because no car has them. */
export interface TextQuery {
  query: SQL | null;
  ignoredWords: string[];
}

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

/** The tokens of a query that exclude a word (`-word`), as typed. */
const exclusions = (q: string) => q.split(/\s+/).filter((token) => /^-[\p{L}\p{N}]/u.test(token));

/** The text queries of this database (its vocabulary spells the corrections). */
export function textQueries(db: Db) {
  /**
   * Each query word with the known words it may stand for: none for a word of the vocabulary
   * (the table `search_words`: the words of the cars' names, categories and locations) or
   * one of 1 to 4 letters; else the (at most three) known words within its typos, fewest typos
   * first. The most similar known words by trigrams are read, then their typos counted here.
   */
  async function corrections(words: string[]): Promise<Map<string, string[]>> {
    const found = await rowsOf<{ w: string; known: boolean }>(
      db,
      sql`select q.w, exists (select 1 from search_words s where s.word = q.w) as known
        from unnest(array[${listOf(words)}]::text[]) as q(w)`,
    );
    // Only a word the vocabulary lacks is looked up (the alert matcher checks every word of
    // every candidate search).
    const unknown = found.filter((row) => !row.known && [...row.w].length >= 5).map((row) => row.w);
    const out = new Map<string, string[]>();
    if (unknown.length === 0) return out;
    for (const row of await similarWords(unknown)) {
      const limit = typosAllowed(row.w);
      const within = row.near
        .map((word) => ({ word, n: typos(row.w, word, limit) }))
        .filter((c) => c.n <= limit)
        .sort((a, b) => a.n - b.n)
        .slice(0, CORRECTIONS_PER_WORD)
        .map((c) => c.word);
      if (within.length > 0) out.set(row.w, within);
    }
    return out;
  }

  /**
   * The known words most similar to each of `words` by trigrams (at least MIN_SIMILARITY, their
   * length within two letters), most similar first. On PostgreSQL, pg_trgm's `%` finds them
   * through the trigram index at the threshold its setting names, set for this transaction
   * only: comparing a word with every known word by `similarity` took 4-6 ms a word among
   * 9,600, the `%` look-up under 1 ms. PGlite (0.5.16) compares them one by one: its trigram
   * index scans never end.
   */
  function similarWords(words: string[]): Promise<{ w: string; near: string[] }[]> {
    const near = (indexed: SQL) => sql`array(
      select s.word from search_words s
      where ${indexed} char_length(s.word) between char_length(q.w) - 2 and char_length(q.w) + 2
        and similarity(s.word, q.w) >= ${MIN_SIMILARITY}
      order by similarity(s.word, q.w) desc, s.word limit ${CANDIDATES_PER_WORD})`;
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`,
      );
      return rowsOf<{ w: string; near: string[] }>(
        tx,
        sql`select q.w, case when (select version() like '%PGlite%') then ${near(sql``)}
            else ${near(sql`s.word % q.w and`)} end as near
          from unnest(array[${listOf(words)}]::text[]) as q(w)`,
      );
    });
  }

  /** The query of `text` with these corrections: as typed, or with each word's corrections. */
  function queryOf(text: string, words: string[], fixes: Map<string, string[]>): SQL {
    const typed = sql`websearch_to_tsquery('english', ${text})`;
    if (fixes.size === 0) return typed;
    const corrected = words
      .map((word) => {
        const alts = fixes.get(word);
        return alts ? `(${[word, ...alts].join(' | ')})` : word;
      })
      .join(' & ');
    return sql`(${typed} || to_tsquery('english', ${corrected}))`;
  }

  /** One word's own query text (the word or its corrections), for to_tsquery. */
  const wordQuery = (word: string, fixes: Map<string, string[]>) =>
    [word, ...(fixes.get(word) ?? [])].join(' | ');

  /**
   * The words of a query whose words match no car for sale together that match none on their
   * own (stop words, which the search leaves out anyway, are never among them); none when the
   * words match a car together, or when none matches on its own (nothing left to search for).
   */
  async function unmatched(query: SQL, words: string[], fixes: Map<string, string[]>) {
    const texts = sql.join(
      words.map((word) => sql`${wordQuery(word, fixes)}`),
      sql`, `,
    );
    const list = listOf(words);
    // One round trip: whether the words match a car together, and each word alone (read only
    // when they do not: the first column decides). When they do, the join's one row has no
    // word: the CASE keeps `exists` from looking for a null query, which read every car (a
    // sequential scan of all of them, 240 ms at a million).
    const rows = await rowsOf<{ together: boolean; w: string; stop: boolean; found: boolean }>(
      db,
      sql`with together as (
          select exists (select 1 from products p
            where ${FOR_SALE_SQL} and p.search @@ ${query}) as found
        )
        select t.found as together, q.w, numnode(to_tsquery('english', q.t)) = 0 as stop,
          case when q.t is null then null else exists (select 1 from products p
            where ${FOR_SALE_SQL} and p.search @@ to_tsquery('english', q.t)) end as found
        from together t
        left join unnest(array[${list}]::text[], array[${texts}]::text[]) as q(w, t)
          on not t.found`,
    );
    if (rows[0]?.together !== false) return [];
    const ignored = rows.filter((row) => !row.stop && !row.found).map((row) => row.w);
    const kept = rows.filter((row) => !row.stop && row.found);
    return kept.length > 0 ? ignored : [];
  }

  /**
   * The text query of `q`: its words as typed (web-search syntax), or any of them also as the
   * known words a misspelt one stands for ('ferari' → ferrari; 'Ferrarixyzqwerty', nine letters
   * more, stands for none). When the words match no car together, the words that match none
   * on their own are left out ('red tesla': the Teslas), and named in `ignoredWords`.
   */
  async function textQuery(q: string | undefined): Promise<TextQuery> {
    const text = q?.trim();
    if (!text) return { query: null, ignoredWords: [] };
    const words = queryWords(text).slice(0, MAX_WORDS);
    if (words.length === 0) {
      return { query: sql`websearch_to_tsquery('english', ${text})`, ignoredWords: [] };
    }
    const fixes = await corrections(words);
    const query = queryOf(text, words, fixes);
    if (words.length < 2) return { query, ignoredWords: [] };
    const ignoredWords = await unmatched(query, words, fixes);
    if (ignoredWords.length === 0) return { query, ignoredWords };
    // The words kept, and what the query excluded: phrases and `or` are not kept.
    const kept = words.filter((word) => !ignoredWords.includes(word));
    const rest = [...kept, ...exclusions(text)].join(' ');
    return { query: queryOf(rest, kept, fixes), ignoredWords };
  }

  /** The corrections of these words only (queryOf reads whether there are any). */
  const own = (words: string[], fixes: Map<string, string[]>) =>
    new Map(words.flatMap((w) => (fixes.has(w) ? [[w, fixes.get(w)!] as const] : [])));

  /**
   * Each text's query before any word is left out (textQuery's first step), with one look-up
   * of the vocabulary for all of them: the alert matcher's check of many saved searches against
   * one car. A car for sale that matches a text's draft is one textQuery lists (its words then
   * match a car together, so none is left out); `multiword` says whether textQuery could leave
   * words out of it (it never does with fewer than two).
   */
  async function draftQueries(texts: string[]): Promise<Map<string, TextDraft>> {
    const split = texts.map((q) => {
      const text = q.trim();
      return { q, text, words: text ? queryWords(text).slice(0, MAX_WORDS) : [] };
    });
    const all = [...new Set(split.flatMap((t) => t.words))];
    const fixes = all.length > 0 ? await corrections(all) : new Map<string, string[]>();
    const out = new Map<string, TextDraft>();
    for (const { q, text, words } of split) {
      const query = !text
        ? null
        : words.length === 0
          ? sql`websearch_to_tsquery('english', ${text})`
          : queryOf(text, words, own(words, fixes));
      out.set(q, { query, multiword: words.length >= 2 });
    }
    return out;
  }

  return { textQuery, draftQueries };
}

/** A text's query before words are left out (draftQueries). */
export interface TextDraft {
  query: SQL | null;
  multiword: boolean;
}
