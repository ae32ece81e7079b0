import { useState } from 'react';
import { MailChoice, type MailSetting } from '../../components/MailChoice';
import { NameDialog } from '../../components/NameDialog';
import { errorMessage } from '../../lib/api';
import { createSavedSearchLimits } from '../../lib/api/generated/limits/createSavedSearch';
import { useCreateSavedSearchMutation } from '../../lib/api/savedSearches';
import { notify } from '../../lib/notify/notify';
import { savedQuery, searchName } from './searchName';
import type { CarSearch } from './searchParams';

export const SEARCH_SAVED = 'Search saved: find it in Saved searches';

/** What the dialog's 'How to be told' says under its choices. */
export const HOW_TO_BE_TOLD_HELP =
  'New cars it matches show in the bell; e-mailed at once, in a daily digest, or not at all.';

/**
 * 'Save this search': its name (the summary of the filters to start with) and how to be told of
 * new matches (loaded on click).
 */
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
  const [howToBeTold, setHowToBeTold] = useState<MailSetting>('daily');
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
      fields={
        <MailChoice
          label="How to be told"
          value={howToBeTold}
          onChange={setHowToBeTold}
          helperText={HOW_TO_BE_TOLD_HELP}
        />
      }
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
      onSubmit={async (name) => {
        try {
          await create({ body: { name, query: savedQuery(search), notify: howToBeTold } }).unwrap();
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
