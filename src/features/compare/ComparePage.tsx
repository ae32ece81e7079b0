import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ActionLink } from '../../components/actions';
import { Container } from '../../components/Container';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { MAX_COMPARED, removeCompared, useComparedCars } from '../../lib/compare/compareList';
import { readCompareAddress } from './compareAddress';
import { CompareTable } from './CompareTable';
import { useCompareColumns } from './useCompareColumns';

export const COMPARE_TITLE = 'Compare cars';

/** A message in place of the comparison, with the ways on. */
function Notice({ title, children }: { title: string; children: ReactNode }) {
  const chosen = useComparedCars();
  return (
    <Box component="section" aria-labelledby="compare-notice" sx={{ maxWidth: 640 }}>
      <Typography id="compare-notice" component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{children}</Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
        <ActionLink to={paths.cars} variant="contained" tone="primary">
          Browse cars
        </ActionLink>
        {chosen.length > 0 && (
          <ActionLink to={paths.compare.to(chosen)} variant="outlined" tone="primary">
            Compare your chosen cars ({chosen.length})
          </ActionLink>
        )}
      </Box>
    </Box>
  );
}

/** The cars of a good address, side by side, with 'Show only differences'. */
function Comparison({ ids }: { ids: string[] }) {
  const navigate = useNavigate();
  const columns = useCompareColumns(ids);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  if (columns.every((column) => column.state === 'loading')) {
    return <Spinner minHeight={480} label="Loading the cars" />;
  }
  const remove = (id: string) => {
    removeCompared(id);
    void navigate(paths.compare.to(ids.filter((other) => other !== id)), { replace: true });
  };
  return (
    <>
      <Box
        component="label"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, mb: 2, cursor: 'pointer' }}
      >
        <Box
          component="input"
          type="checkbox"
          role="switch"
          checked={onlyDifferences}
          onChange={(event) => setOnlyDifferences(event.target.checked)}
          sx={{ width: 20, height: 20, m: 0, accentColor: (theme) => theme.palette.primary.main }}
        />
        Show only differences
      </Box>
      <CompareTable columns={columns} onlyDifferences={onlyDifferences} onRemove={remove} />
    </>
  );
}

/**
 * `/compare?ids=a,b,c` (public, shareable): up to four cars side by side. No ids: how to choose
 * some; ids that are no car's, or too many: a message saying so.
 */
export function ComparePage() {
  const [params] = useSearchParams();
  const address = readCompareAddress(params.get('ids'));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <title>{COMPARE_TITLE}</title>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        {COMPARE_TITLE}
      </Typography>
      {address.kind === 'cars' && <Comparison ids={address.ids} />}
      {address.kind === 'empty' && (
        <Notice title="No cars to compare yet">
          Press &lsquo;Compare&rsquo; on up to {MAX_COMPARED} cars while you browse, then see them
          here side by side.
        </Notice>
      )}
      {address.kind === 'invalid' && (
        <Notice title="This comparison's address is not right">
          {address.bad.map((id) => `“${id.slice(0, 40)}”`).join(', ')}{' '}
          {address.bad.length === 1 ? 'is not a car' : 'are not cars'} we could look up.
        </Notice>
      )}
      {address.kind === 'tooMany' && (
        <Box component="section" aria-labelledby="compare-notice" sx={{ maxWidth: 640 }}>
          <Typography id="compare-notice" component="h2" variant="h6" gutterBottom>
            You can compare up to {MAX_COMPARED} cars
          </Typography>
          <Typography color="text.secondary">
            This address names {address.ids.length} cars.
          </Typography>
          <ActionLink
            to={paths.compare.to(address.ids.slice(0, MAX_COMPARED))}
            variant="contained"
            tone="primary"
            sx={{ mt: 2 }}
          >
            Compare the first {MAX_COMPARED}
          </ActionLink>
        </Box>
      )}
    </Container>
  );
}
