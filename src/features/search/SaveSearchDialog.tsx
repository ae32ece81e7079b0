import { useState } from 'react';
import { NameDialog } from '../../components/NameDialog';
import { errorMessage } from '../../lib/api';
import { createSavedSearchLimits } from '../../lib/api/generated/limits/createSavedSearch';
import { useCreateSavedSearchMutation } from '../../lib/api/savedSearches';
import { notify } from '../../lib/notify/notify';
import { savedQuery, searchName } from './searchName';
import type { CarSearch } from './searchParams';

export const SEARCH_SAVED = 'Search saved: find it in Saved searches';

/** 'Save this search': its name, the summary of the filters to start with (loaded on click). */
export function SaveSearchDialog({
  search,
  open,
  onClose,
}: {
  search: CarSearch;
  open: boolean;
  onClose: () => void;
}) {
  const [create, { isLoading }] = useCreateSavedSearchMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const summary = searchName(search);
  return (
    <NameDialog
      // A new search starts again from its own summary.
      key={summary}
      open={open}
      title="Save this search"
      initialName={summary}
      maxLength={createSavedSearchLimits.body.name.maxLength}
      submitLabel="Save"
      busy={isLoading}
      refusal={refusal}
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
      onSubmit={async (name) => {
        try {
          await create({ body: { name, query: savedQuery(search) } }).unwrap();
          notify.success(SEARCH_SAVED);
          setRefusal(null);
          onClose();
        } catch (error) {
          setRefusal(errorMessage(error, 'The search could not be saved. Please try again.'));
        }
      }}
    >
      Find it again in Saved searches, in your dashboard, with the cars new since you last opened
      it.
    </NameDialog>
  );
}
