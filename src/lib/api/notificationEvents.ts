/**
 * What a live `notification` event refreshes: always the bell; a booking's news, that booking,
 * the lists of bookings and its conversation; an alert, the saved searches (a match
 * counts as new there) or the saved cars and the car itself (a lower price, or sold).
 */
import { LIST, tag, type TagType } from './tags';

/** The `data` of `event: notification` (GET /api/events). */
export interface NotificationEvent {
  orderId?: string | null;
  kind?: string;
  productId?: string | null;
  savedSearchId?: string | null;
  unread?: number;
}

export function refreshedBy(event: NotificationEvent | null | undefined) {
  const { orderId, kind, productId } = event ?? {};
  const tags: { type: TagType; id: string }[] = [tag('notifications', LIST)];
  if (orderId) {
    tags.push(tag('orders', orderId), tag('orders', LIST), tag('messages', orderId));
  }
  if (kind === 'match') tags.push(tag('savedSearches', LIST));
  if ((kind === 'price_drop' || kind === 'saved_sold') && productId) {
    tags.push(tag('savedCars', productId), tag('products', productId));
  }
  return tags;
}
