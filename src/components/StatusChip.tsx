import Chip from '@mui/material/Chip';
import type { OrderStatus } from '../lib/api/deals';
import { STATUS_COLOR, STATUS_LABEL } from '../lib/orderStatus';

/** A booking's state as a coloured chip. */
export function StatusChip({ status }: { status: OrderStatus }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABEL[status]}
      color={STATUS_COLOR[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
    />
  );
}
