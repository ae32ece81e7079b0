import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface Props {
  /** What the buyer wrote, and the seller's reply, if any. */
  review: { text: string; reply?: string | null };
  /** The seller's name, for the reply's heading. */
  seller: string;
  /** The reply is a group named by its heading (in a list of reviews). */
  namedReply?: boolean;
}

/** A review's text, as written, and under it the seller's reply. */
export function ReviewBody({ review, seller, namedReply = false }: Props) {
  return (
    <>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {review.text}
      </Typography>
      {review.reply && (
        <Box
          sx={{ mt: 1.5, ml: 2, pl: 2, borderLeft: 3, borderColor: 'divider' }}
          aria-label={namedReply ? `Reply from ${seller}` : undefined}
          role={namedReply ? 'group' : undefined}
        >
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            Reply from {seller}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.reply}
          </Typography>
        </Box>
      )}
    </>
  );
}
