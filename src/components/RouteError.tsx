import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useRouteError } from 'react-router-dom';

/**
 * Shown when a screen fails to load or throws: a clear message and a way out, never a blank
 * page (for example when a new deployment replaced the script a lazy route needed).
 */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <title>Something went wrong</title>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        Something went wrong while showing this page. Reload to try again.
      </Alert>
    </Container>
  );
}
