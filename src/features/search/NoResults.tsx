import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionLink } from '../../components/actions';
import { CarIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { searchQuery, withoutFilters, type CarSearch } from './searchParams';

export interface NoResultsProps {
  search: CarSearch;
}

/** What `/cars` shows when no car matches: a way back to every car of the same words. */
export function NoResults({ search }: NoResultsProps) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        py: { xs: 6, md: 8 },
        px: 2,
        bgcolor: 'background.paper',
        border: '1px dashed #cfd8e6',
        borderRadius: 3,
      }}
    >
      <CarIcon sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.5 }} aria-hidden />
      <Typography component="h2" variant="h5" sx={{ mt: 1, mb: 1 }}>
        No cars match
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Try fewer filters, a wider price range or other words.
      </Typography>
      <ActionLink
        variant="contained"
        to={{ pathname: paths.cars, search: searchQuery(withoutFilters(search)) }}
      >
        Clear filters
      </ActionLink>
    </Box>
  );
}
