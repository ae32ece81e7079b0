import Typography from '@mui/material/Typography';
import { ActionLink } from '../../components/actions';
import { Page } from '../../components/Page';
import { PaymentEstimate } from '../../components/PaymentEstimate';
import { paths } from '../../config/paths';

/**
 * Where the footer's 'Check your rate' leads outside a car's page: what the estimate is, the
 * estimate itself with no car's price in it, and the way to the cars (each car's page has the
 * same estimate with its price filled in).
 */
export function FinancingPage() {
  return (
    <Page title="Estimate your monthly payment | CarDealer" maxWidth="md">
      <Typography component="h1" variant="h3" gutterBottom>
        Estimate your monthly payment
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter a price, a down payment, an APR and a term to see what a car would cost a month. It is
        an estimate, worked out in your browser: CarDealer does not lend, and no one checks your
        credit. Every car&rsquo;s page has the same estimate with its price filled in.
      </Typography>
      <PaymentEstimate />
      <ActionLink to={paths.cars} variant="contained" tone="secondary" sx={{ mt: 3 }}>
        Browse cars for sale
      </ActionLink>
    </Page>
  );
}
