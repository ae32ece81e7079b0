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
