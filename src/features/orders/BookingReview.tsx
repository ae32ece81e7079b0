import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { ReviewBody } from '../../components/ReviewBody';
import { errorMessage } from '../../lib/api';
import type { Order } from '../../lib/api/deals';
import {
  useGetOrderReviewQuery,
  useReplyToReviewMutation,
  useReviewSellerMutation,
  type Review,
} from '../../lib/api/reviews';
import { formatDay } from '../../lib/format';
import { notify } from '../../lib/notify/notify';
import type { Party } from './orderMoves';

const TEXT_MIN = 10;
const TEXT_MAX = 2000;
/** Characters as the server counts them (code points), after trimming. */
const characters = (text: string) => [...text.trim()].length;

/** The buyer's invitation: 'How was buying from Sam?', the stars and a few words. */
function ReviewForm({ order }: { order: Order }) {
  const headingId = useId();
  const starsId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [review, { isLoading, error }] = useReviewSellerMutation();
  const length = characters(text);
  const ratingError = tried && !rating ? 'Choose 1 to 5 stars' : '';
  const textError =
    tried && (length < TEXT_MIN || length > TEXT_MAX)
      ? `Write ${TEXT_MIN} to ${TEXT_MAX.toLocaleString('en-US')} characters`
      : '';
  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!rating || length < TEXT_MIN || length > TEXT_MAX) return;
    const result = await review({ id: order._id, body: { rating, text: text.trim() } });
    if (!('error' in result)) notify.success('Thank you: your review is posted');
  }
  return (
    <Box component="form" noValidate aria-labelledby={headingId} onSubmit={submit}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        How was buying from {order.sellerName}?
      </Typography>
      <Stack spacing={2}>
        <Box>
          <Typography id={starsId} variant="body2" color="text.secondary">
            Your rating
          </Typography>
          <Rating
            name={`rating-${order._id}`}
            value={rating}
            onChange={(_event, value) => setRating(value)}
            size="large"
            aria-labelledby={starsId}
          />
          {ratingError && (
            <Typography variant="body2" color="error" role="alert">
              {ratingError}
            </Typography>
          )}
        </Box>
        <TextField
          label="Your review"
          multiline
          minRows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(textError)}
          helperText={textError || `${length} / ${TEXT_MAX.toLocaleString('en-US')} characters`}
          slotProps={{ htmlInput: { maxLength: TEXT_MAX + 50 } }}
        />
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Post review
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The seller's one reply to the review. */
function ReplyForm({ review }: { review: Review }) {
  const [text, setText] = useState('');
  const [reply, { isLoading, error }] = useReplyToReviewMutation();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    const result = await reply({ id: review._id, body: { text: text.trim() } });
    if (!('error' in result)) notify.success('Your reply is posted');
  }
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2 }}>
      <Stack spacing={1.5}>
        <TextField
          label="Your reply"
          multiline
          minRows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText="You can reply once; the buyer and everyone on your page will see it."
          slotProps={{ htmlInput: { maxLength: TEXT_MAX } }}
        />
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={isLoading || !text.trim()}>
            Post reply
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** A review as the booking shows it, with the seller's reply. */
function ShownReview({ review, title, seller }: { review: Review; title: string; seller: string }) {
  return (
    <>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Rating value={review.rating} readOnly aria-label={`${review.rating} out of 5 stars`} />
        <Typography variant="body2" color="text.secondary">
          {review.buyerName} · {formatDay(review.createdAt)}
        </Typography>
      </Box>
      <ReviewBody review={review} seller={seller} />
    </>
  );
}

/**
 * A sold booking's review: the buyer is invited to review the seller (within 90 days
 * of the sale) and then sees their review; the seller sees it and may reply once.
 */
export function BookingReview({ order, party }: { order: Order; party: Party }) {
  const query = useGetOrderReviewQuery({ id: order._id });
  const found = query.data;
  if (!found) return null;
  let content;
  if (found.review) {
    content = (
      <>
        <ShownReview
          review={found.review}
          title={party === 'buyer' ? 'Your review' : "The buyer's review"}
          seller={order.sellerName}
        />
        {party === 'seller' && !found.review.reply && <ReplyForm review={found.review} />}
      </>
    );
  } else if (party === 'buyer' && found.hidden) {
    content = <Alert severity="info">Your review was hidden by a moderator.</Alert>;
  } else if (party === 'buyer' && found.canReview && order.sellerId !== null) {
    // A seller who deleted their account ('Deleted user') has no one left to review.
    content = <ReviewForm order={order} />;
  } else {
    return null;
  }
  return (
    <Card variant="outlined">
      <CardContent>{content}</CardContent>
    </Card>
  );
}
