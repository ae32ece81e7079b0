import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SellerPage } from '../../lib/api/reviews';

type Dealer = NonNullable<SellerPage['dealer']>;

const DAY_NAMES: Record<string, string> = {
  Mo: 'Mon',
  Tu: 'Tue',
  We: 'Wed',
  Th: 'Thu',
  Fr: 'Fri',
  Sa: 'Sat',
  Su: 'Sun',
};

/** schema.org's opening hours as people read them: 'Mo-Fr 09:00-18:00' → 'Mon–Fri 09:00–18:00'. */
export function hoursLines(hours: string): string[] {
  return hours.split(', ').map((entry) => {
    const [days = '', times = ''] = entry.split(' ');
    const named = days
      .split(',')
      .map((range) =>
        range
          .split('-')
          .map((day) => DAY_NAMES[day] ?? day)
          .join('–'),
      )
      .join(', ');
    return `${named} ${times.replace('-', '–')}`;
  });
}

/** A dealer's business on their page: name, address, phone, opening hours and website. */
export function DealerDetails({ dealer }: { dealer: Dealer }) {
  return (
    <Box
      component="section"
      aria-labelledby="dealer-business"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, mb: 4, maxWidth: 560 }}
    >
      <Typography id="dealer-business" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {dealer.name}
      </Typography>
      <Box
        component="address"
        // Lines of 25 px or more: the phone's and the website's links are targets apart.
        sx={{ fontStyle: 'normal', '& > p': { lineHeight: 1.8 } }}
      >
        <Typography variant="body2">{dealer.address}</Typography>
        <Typography variant="body2">
          {dealer.city}, {dealer.state} {dealer.zip}
        </Typography>
        <Typography variant="body2">
          Phone: <Link href={`tel:${dealer.phone.replace(/[^+0-9]/g, '')}`}>{dealer.phone}</Link>
        </Typography>
        {dealer.website && (
          <Typography variant="body2">
            <Link href={dealer.website} rel="nofollow noopener noreferrer" target="_blank">
              {dealer.website}
            </Link>
          </Typography>
        )}
      </Box>
      {dealer.hours && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Opening hours
          </Typography>
          {hoursLines(dealer.hours).map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
