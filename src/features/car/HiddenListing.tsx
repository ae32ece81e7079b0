/**
 * A hidden car on its page, loaded only when one is shown: the page that everyone
 * but its owner and the admins gets (410), and the line that tells those two why it is hidden.
 */
import Typography from '@mui/material/Typography';
import { ActionLink } from '../../components/actions';
import { Container } from '../../components/Container';
import { paths } from '../../config/paths';
import type { CarDetails } from '../../lib/api';

export const LISTING_REMOVED = 'This listing was removed';

/** A hidden car's page, for everyone but its owner and the admins. */
export function RemovedListing() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <title>{LISTING_REMOVED}</title>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 2 }}>
        {LISTING_REMOVED}
      </Typography>
      <ActionLink to={paths.cars} variant="outlined">
        Find other cars
      </ActionLink>
    </Container>
  );
}

const HIDDEN_WORDS = {
  hidden: 'Hidden by moderation',
  pending: 'Pending review',
  suspended: 'Hidden while the account is suspended',
} as const;

/** Why the car is hidden, above its name (its owner and the admins). */
export function ModerationLine({
  moderation,
}: {
  moderation: NonNullable<CarDetails['moderation']>;
}) {
  return (
    <Typography role="status" sx={{ color: '#8a3a00', fontWeight: 700, mb: 1 }}>
      {HIDDEN_WORDS[moderation.state]}
      {moderation.reason && `: ${moderation.reason}`}
    </Typography>
  );
}
