/**
 * The cars near a US city (`/cars/in/{place}`, `/cars/in/{place}/{make}`): the server renders the
 * list (server/src/pages/local-pages.ts); the app keeps it as it came. Reached inside the app
 * without it (the back button after another page), the page is asked of the server again.
 */
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { takeServerPreview } from '../../lib/serverPreview';

const Page = styled('div')(({ theme }) => ({
  maxWidth: 1152,
  margin: '0 auto',
  padding: theme.spacing(4, 2, 6),
  '& h1': { margin: theme.spacing(0, 0, 1), fontSize: '2rem', lineHeight: 1.25 },
  '& ol': { paddingLeft: theme.spacing(3), lineHeight: 1.9 },
  '& a': { color: theme.palette.primary.main, fontWeight: 600 },
}));

export function LocalCarsPage() {
  const [html] = useState(takeServerPreview);
  useEffect(() => {
    if (html === null) window.location.reload();
  }, [html]);
  if (html === null) return null;
  return <Page dangerouslySetInnerHTML={{ __html: html }} />;
}
