/** A card shows its 'Price drop' chip this many days after the drop (the server's PRICE_DROP_DAYS). */
export const PRICE_DROP_DAYS = 14;

/**
 * Whether a card's drop is still recent: the server answers only drops of the last 14 days, and
 * this keeps a cached answer from showing one a day too long.
 */
export function isRecentDrop(drop: { at: string } | null | undefined, now = Date.now()): boolean {
  if (!drop) return false;
  const at = Date.parse(drop.at);
  return !Number.isNaN(at) && now - at < PRICE_DROP_DAYS * 86_400_000;
}
