import Typography from '@mui/material/Typography';
import { Page } from '../../components/Page';

/** Stands in for a screen that a later issue fills (the route itself already works). */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Typography component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This screen is on its way.</Typography>
    </Page>
  );
}
