/**
 * The cars near a US city (`/cars/in/{place}`, `/cars/in/{place}/{make}`): the server renders the
 * list (server/src/pages/local-pages.ts); the app keeps it as it came. Reached inside the app
 * without it (the back button after another page), the page is asked of the server again.
 */
import { useEffect, useState } from 'react';
import { takeServerPreview } from '../../lib/serverPreview';

export function LocalCarsPage() {
  const [html] = useState(takeServerPreview);
  useEffect(() => {
    if (html === null) window.location.reload();
  }, [html]);
  if (html === null) return null;
  return <div className="local-cars" dangerouslySetInnerHTML={{ __html: html }} />;
}
