/**
 * How many typos a query word may have, as the search engines people know count them
 * (Typesense, Meilisearch): none in a word of 1 to 4 letters, one in 5 to 8, two in 9 or more;
 * a typo is a letter added, left out, changed, or two neighbours swapped.
 */

/** The typos a word of this many letters may have. */
export function typosAllowed(word: string): number {
  const letters = [...word].length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/**
 * The typos between two words (optimal string alignment: insertions, deletions, substitutions
 * and adjacent transpositions, each one), or `limit + 1` as soon as it is sure to exceed `limit`.
 */
export function typos(a: string, b: string, limit: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, limit + 1);
}
