import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { errorMessage, moveOrderLimits } from '../../lib/api';
import { toOneLine } from '../../lib/forms';
import { useMoveOrderMutation, type Order } from '../../lib/api/deals';
import { notify } from '../../lib/notify/notify';
import { MOVES, movesFor, type Move, type Party } from './orderMoves';

/**
 * The buttons a booking's state allows its viewer ('Accept', 'Decline', 'Mark as sold' for the
 * seller; 'Cancel booking' for the buyer). Declining asks for an optional reason.
 */
export function OrderActions({
  order,
  party,
  size = 'small',
}: {
  order: Order;
  party: Party;
  size?: 'small' | 'medium';
}) {
  const [move, { isLoading }] = useMoveOrderMutation();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const moves = movesFor(order, party);
  if (moves.length === 0) return null;

  const make = async (to: Move, why?: string) => {
    const result = await move({
      id: order._id,
      // The reason is one line (it goes into a mail): lines typed in the box are joined.
      body: { status: to, ...(why && toOneLine(why) ? { reason: toOneLine(why) } : {}) },
    });
    if ('error' in result) notify.error(errorMessage(result.error));
    else notify.success(MOVES[to].done);
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {moves.map((to) => (
          <Button
            key={to}
            size={size}
            disabled={isLoading}
            variant={to === 'accepted' || to === 'sold' ? 'contained' : 'outlined'}
            color={to === 'declined' || to === 'cancelled' ? 'error' : 'secondary'}
            onClick={() => (to === 'declined' ? setDeclining(true) : void make(to))}
            aria-label={`${MOVES[to].label}: ${order.productName}, ${order.buyerName}`}
          >
            {MOVES[to].label}
          </Button>
        ))}
      </Stack>
      <Dialog open={declining} onClose={() => setDeclining(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Decline this booking?</DialogTitle>
        <DialogContent>
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{
              htmlInput: { maxLength: moveOrderLimits.body.reason.maxLength },
            }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDeclining(false)} autoFocus>
            Keep it
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={isLoading}
            onClick={() => {
              setDeclining(false);
              void make('declined', reason);
            }}
          >
            Decline
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
