import { isCarId, MAX_COMPARED } from '../../lib/compare/compareList';

/** What `/compare?ids=…` asks for. */
export type CompareAddress =
  | { kind: 'empty' }
  | { kind: 'cars'; ids: string[] }
  | { kind: 'invalid'; bad: string[] }
  | { kind: 'tooMany'; ids: string[] };

/**
 * Reads the address's `ids` (comma-separated car ids; blanks and repeats are dropped): none, up to
 * four good ids, ids that cannot be a car's, or more than four.
 */
export function readCompareAddress(ids: string | null): CompareAddress {
  const list = [
    ...new Set(
      (ids ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length === 0) return { kind: 'empty' };
  const bad = list.filter((id) => !isCarId(id));
  if (bad.length > 0) return { kind: 'invalid', bad };
  if (list.length > MAX_COMPARED) return { kind: 'tooMany', ids: list };
  return { kind: 'cars', ids: list };
}
