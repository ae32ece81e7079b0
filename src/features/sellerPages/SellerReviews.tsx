import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../components/actions';
import { LoadFailure } from '../../components/QueryState';
import { ReviewBody } from '../../components/ReviewBody';
import { Spinner } from '../../components/Spinner';
import { useGetSellerReviewPagesInfiniteQuery, type Review } from '../../lib/api/reviews';
import { formatDay } from '../../lib/format';

/** One review: its stars, what the buyer wrote, who, which car and when, and the reply. */
export function ReviewItem({ review, sellerName }: { review: Review; sellerName: string }) {
  return (
    <Box component="article" aria-label={`Review by ${review.buyerName}`} sx={{ py: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Rating
          value={review.rating}
          readOnly
          size="small"
          aria-label={`${review.rating} out of 5 stars`}
        />
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {review.buyerName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          bought {review.productName} · {formatDay(review.createdAt)}
        </Typography>
      </Box>
      <ReviewBody review={review} seller={sellerName} namedReply />
    </Box>
  );
}

/** A seller's reviews, newest first, ten at a time with 'Show more'. */
export function SellerReviews({ id, sellerName }: { id: string; sellerName: string }) {
  const query = useGetSellerReviewPagesInfiniteQuery({ id });
  const { data, isError, isLoading, fetchNextPage, isFetchingNextPage, hasNextPage } = query;
  const reviews = data?.pages.flatMap((page) => page.reviews) ?? [];
  if (isLoading) return <Spinner minHeight={120} label="Loading the reviews" />;
  if (isError && !data) {
    return <LoadFailure what="the reviews" retry={query.refetch} retrying={query.isFetching} />;
  }
  if (reviews.length === 0) {
    return <Typography color="text.secondary">No reviews yet.</Typography>;
  }
  return (
    <>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {reviews.map((review) => (
          <Box component="li" key={review._id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <ReviewItem review={review} sellerName={sellerName} />
          </Box>
        ))}
      </Box>
      {hasNextPage && (
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
          {isFetchingNextPage ? (
            <Spinner minHeight={40} label="Loading more reviews" />
          ) : (
            <ActionButton type="button" variant="outlined" onClick={() => void fetchNextPage()}>
              Show more reviews
            </ActionButton>
          )}
        </Box>
      )}
    </>
  );
}
