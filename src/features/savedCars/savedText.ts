import { formatPrice } from '../../lib/format';

/** How a saved car's price moved since it was saved ('' when it did not, or it is gone). */
export function priceChange(savedPrice: number, price: number | null): string {
  if (price === null || price === savedPrice) return '';
  const difference = formatPrice(Math.abs(price - savedPrice));
  return `${difference} ${price < savedPrice ? 'less' : 'more'} since you saved it`;
}
