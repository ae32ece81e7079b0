import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../../components/Page';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <Page title="Page not found" maxWidth="md">
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <Box
          component="img"
          src="/images/not-found.svg"
          alt="A car stopped at a road sign"
          width={480}
          height={320}
          sx={{ maxWidth: '100%', height: 'auto', mb: 3 }}
        />
        <Typography component="h1" variant="h3" gutterBottom>
          Opps.. page not found
        </Typography>
        <Button
          component={RouterLink}
          to={paths.root}
          variant="contained"
          color="secondary"
          size="large"
        >
          return to home
        </Button>
      </Box>
    </Page>
  );
}
