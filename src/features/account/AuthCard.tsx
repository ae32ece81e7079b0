import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of the login and register pages. */
export function AuthCard({
  documentTitle,
  title,
  children,
}: {
  documentTitle: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <title>{documentTitle}</title>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          <Typography component="h1" variant="h4" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}

/**
 * An account form's submit button: disabled until the page is interactive and while the form is
 * sent, saying what it does (`label`) or that it is doing it (`busyLabel`).
 */
export function AuthSubmit({
  busy,
  hydrated,
  label,
  busyLabel,
}: {
  busy: boolean;
  hydrated: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      color="secondary"
      size="large"
      disabled={busy || !hydrated}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
