import { Container } from './Container';
import { useRouteError } from 'react-router-dom';
import { ActionButton, ErrorNotice } from './actions';

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
      <ErrorNotice
        action={
          <ActionButton type="button" tone="inherit" onClick={() => window.location.reload()}>
            Reload
          </ActionButton>
        }
      >
        Something went wrong while showing this page. Reload to try again.
      </ErrorNotice>
    </Container>
  );
}
