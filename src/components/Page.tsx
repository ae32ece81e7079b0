import { Container } from './Container';
import type { ReactNode } from 'react';

/** A page's document title (React hoists <title> into the head) and its padded content. */
export function Page({
  title,
  children,
  maxWidth = 'lg',
}: {
  title: string;
  children: ReactNode;
  maxWidth?: 'md' | 'lg';
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
      <title>{title}</title>
      {children}
    </Container>
  );
}
