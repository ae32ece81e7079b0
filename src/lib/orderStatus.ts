import type { OrderStatus } from './api/deals';

/** A booking's states as the screens name and colour them. */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  sold: 'Sold',
};

export const STATUS_COLOR: Record<
  OrderStatus,
  'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning'
> = {
  requested: 'warning',
  accepted: 'info',
  declined: 'error',
  cancelled: 'default',
  sold: 'success',
};
