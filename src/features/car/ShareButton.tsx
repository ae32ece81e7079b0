import Box from '@mui/material/Box';
import { useState } from 'react';
import { ActionButton } from '../../components/actions';

type Outcome = 'copied' | 'failed' | null;

/**
 * 'Share': the browser's share sheet where there is one (phones), else the link copied to the
 * clipboard, with a line that says so (or, if even that is refused, the link to copy by hand).
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function share() {
    setOutcome(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closed without sharing: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <ActionButton type="button" variant="outlined" tone="primary" onClick={() => void share()}>
        Share
      </ActionButton>
      <Box component="span" role="status" sx={{ fontSize: 14, color: 'text.secondary' }}>
        {outcome === 'copied' && 'Link copied to the clipboard'}
        {outcome === 'failed' && `Copy this link: ${url}`}
      </Box>
    </Box>
  );
}
