import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ActionButton, ActionLink } from '../../components/actions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MailChoice } from '../../components/MailChoice';
import { NameDialog } from '../../components/NameDialog';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import { updateSavedSearchLimits } from '../../lib/api/generated/limits/updateSavedSearch';
import {
  useDeleteSavedSearchMutation,
  useGetSavedSearchesQuery,
  useUpdateSavedSearchMutation,
  type SavedSearch,
} from '../../lib/api/savedSearches';
import { notify } from '../../lib/notify/notify';
import { DigestSwitch } from '../../components/DigestSwitch';
import { UnconfirmedMailNote } from '../../components/EmailConfirmation';

export const SAVED_SEARCHES = 'Saved searches';
export const NO_SAVED_SEARCHES = 'No saved searches yet';

/** '3 new': the cars for sale it matches that were listed since it was last opened. */
export const newText = (n: number) => `${n} new`;

function Empty() {
  return (
    <Paper variant="outlined" sx={{ textAlign: 'center', py: { xs: 5, md: 8 }, px: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {NO_SAVED_SEARCHES}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Filter the cars for sale, then choose ‘Save this search’ to come back to it here.
      </Typography>
      <ActionLink to={paths.cars} variant="contained">
        Find cars
      </ActionLink>
    </Paper>
  );
}

/** One saved search: its name, its filters, its new cars, and what can be done with it. */
function SavedSearchItem({ search }: { search: SavedSearch }) {
  const [update, renaming] = useUpdateSavedSearchMutation();
  const [remove] = useDeleteSavedSearchMutation();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = `saved-${search._id}`;
  const fresh = search.newMatches > 0;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            {search.name}
          </Typography>
          <Chip
            size="small"
            label={newText(search.newMatches)}
            color={fresh ? 'secondary' : 'default'}
            sx={fresh ? { fontWeight: 700 } : { color: 'text.secondary' }}
          />
        </Box>
        {/* The filters, unless the name says them already (the default name). */}
        {search.summary !== search.name && (
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {search.summary}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>
          <MailChoice
            label="How to be told"
            value={search.notify}
            onChange={(told) => {
              update({ id: search._id, body: { notify: told } })
                .unwrap()
                .catch((error: unknown) =>
                  notify.error(
                    errorMessage(error, 'The setting could not be saved. Please try again.'),
                  ),
                );
            }}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ActionLink
          variant="contained"
          to={{ pathname: paths.cars, search: search.query ? `?${search.query}` : '' }}
          aria-label={`Open ${search.name}`}
          onClick={() => void update({ id: search._id, body: { opened: true } })}
        >
          Open
        </ActionLink>
        <ActionButton
          type="button"
          variant="outlined"
          aria-label={`Rename ${search.name}`}
          onClick={() => setDialog('rename')}
        >
          Rename
        </ActionButton>
        <ActionButton
          type="button"
          variant="outlined"
          aria-label={`Delete ${search.name}`}
          onClick={() => setDialog('delete')}
        >
          Delete
        </ActionButton>
      </Box>
      {dialog === 'rename' && (
        <NameDialog
          open
          title="Rename search"
          initialName={search.name}
          maxLength={updateSavedSearchLimits.body.name.maxLength}
          submitLabel="Rename"
          busy={renaming.isLoading}
          refusal={refusal}
          onClose={() => {
            setRefusal(null);
            setDialog(null);
          }}
          onSubmit={async (name) => {
            try {
              await update({ id: search._id, body: { name } }).unwrap();
              setRefusal(null);
              setDialog(null);
            } catch (error) {
              setRefusal(errorMessage(error, 'The search could not be renamed. Please try again.'));
            }
          }}
        >
          {search.summary}
        </NameDialog>
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this saved search?"
        confirmLabel="Delete"
        onClose={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          remove({ id: search._id })
            .unwrap()
            .then(
              () => notify.success('Saved search deleted'),
              (error: unknown) => notify.error(errorMessage(error)),
            );
        }}
      >
        ‘{search.name}’ will be removed from your saved searches.
      </ConfirmDialog>
    </Paper>
  );
}

/** A buyer's or seller's saved searches, newest first, each with its new cars since last opened. */
export function SavedSearchesPage() {
  const query = useGetSavedSearchesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Box>
      <title>{SAVED_SEARCHES}</title>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 0.5 }}>
        {SAVED_SEARCHES}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        ‘New’ counts the cars for sale listed since you last opened a search.
      </Typography>
      <DigestSwitch />
      <UnconfirmedMailNote />
      <QueryState query={query} what="your saved searches">
        {(searches) =>
          searches.length === 0 ? (
            <Empty />
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
              {searches.map((search) => (
                <SavedSearchItem key={search._id} search={search} />
              ))}
            </Box>
          )
        }
      </QueryState>
    </Box>
  );
}
