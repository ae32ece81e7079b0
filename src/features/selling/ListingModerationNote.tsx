import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Tag } from '../../components/Tag';
import { errorMessage, type Product } from '../../lib/api';
import { useAskListingReviewMutation } from '../../lib/api/seller';
import { notify } from '../../lib/notify/notify';

export const ASK_FOR_REVIEW = 'Ask for review';
export const REVIEW_ASKED = 'Review asked';

/** Why the car is out of sale, as its owner reads it. */
export function moderationText(moderation: NonNullable<Product['moderation']>): string {
  switch (moderation.state) {
    case 'hidden':
      return `Hidden by moderation: ${moderation.reason}`;
    case 'pending':
      return 'Pending review';
    case 'suspended':
      return 'Hidden while your account is suspended';
  }
}

/**
 * Under a hidden car's name in My products: why it is hidden and, for a car hidden by
 * a moderator, 'Ask for review' (once per hiding; then 'Review asked').
 */
export function ListingModerationNote({ product }: { product: Product }) {
  const [askReview, asking] = useAskListingReviewMutation();
  const moderation = product.moderation;
  if (!moderation) return null;

  async function ask() {
    try {
      await askReview({ id: product._id }).unwrap();
      notify.success('A moderator will look at it again.');
    } catch (error) {
      notify.error(`${product.carName}: ${errorMessage(error)}`);
    }
  }

  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
      <Typography variant="body2" sx={{ color: '#8a3a00', fontWeight: 600 }}>
        {moderationText(moderation)}
      </Typography>
      {moderation.state === 'hidden' &&
        (moderation.reviewAsked ? (
          <Tag sx={{ border: 0, bgcolor: '#eceff1', color: '#37474f', fontWeight: 700 }}>
            {REVIEW_ASKED}
          </Tag>
        ) : (
          <Button
            size="small"
            variant="outlined"
            disabled={asking.isLoading}
            onClick={() => void ask()}
            aria-label={`${ASK_FOR_REVIEW}: ${product.carName}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {ASK_FOR_REVIEW}
          </Button>
        ))}
    </Stack>
  );
}
