import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { errorMessage } from '../../lib/api';
import {
  addCategoryLimits,
  useAddCategoryMutation,
  useUpdateCategoryMutation,
  type AdminCategory,
} from '../../lib/api/categories';
import { notify } from '../../lib/notify/notify';
import { CategoryPicture, useCategoryPicture } from './CategoryPicture';

const NAME = addCategoryLimits.body.categoryName;
const RATING = addCategoryLimits.body.rating;
/** The rating a new category starts with. */
export const DEFAULT_RATING = 4.5;
/** The server's answer when the name is taken: shown on the name field. */
const NAME_TAKEN = 'This category already exists';

interface Props {
  /** The category to edit; null: a new one. */
  category: AdminCategory | null;
  onClose: () => void;
}

/** What is wrong with the typed name or rating, or null. */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < NAME.minLength || trimmed.length > NAME.maxLength) {
    return `Enter ${NAME.minLength} to ${NAME.maxLength} characters`;
  }
  return /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .&'-]*$/u.test(trimmed)
    ? null
    : "Start with a letter or digit; use only letters, digits, spaces and . & ' -";
}
function ratingProblem(rating: string): string | null {
  const value = Number(rating);
  return rating.trim() !== '' && value >= RATING.minimum && value <= RATING.maximum
    ? null
    : `Enter a rating from ${RATING.minimum} to ${RATING.maximum}`;
}

/**
 * Add or edit a category: its name, its picture (uploaded to the image host as soon as it is
 * chosen, as a car's photos are) and its rating. The server's refusal shows in the dialog, on the
 * name when the name is taken; the dialog closes only once the server has saved it.
 */
export function CategoryDialog({ category, onClose }: Props) {
  const [name, setName] = useState(category?.categoryName ?? '');
  const [rating, setRating] = useState(String(category?.rating ?? DEFAULT_RATING));
  const picture = useCategoryPicture(category?.image ?? '');
  const { image, uploading } = picture;
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [add, adding] = useAddCategoryMutation();
  const [update, updating] = useUpdateCategoryMutation();
  const saving = adding.isLoading || updating.isLoading;

  const nameError = touched ? nameProblem(name) : null;
  const ratingError = touched ? ratingProblem(rating) : null;
  const pictureError = touched && !image ? 'Choose a picture' : null;
  const takenError = serverError === NAME_TAKEN ? serverError : null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (nameProblem(name) || ratingProblem(rating) || !image || uploading) return;
    const fields = { categoryName: name.trim(), image, rating: Number(rating) };
    try {
      if (category) {
        await update({ id: category._id, body: fields }).unwrap();
        notify.success(`${fields.categoryName} saved`);
      } else {
        await add({ body: fields }).unwrap();
        notify.success(`${fields.categoryName} added`);
      }
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return (
    <DialogFrame
      open
      onClose={saving ? undefined : onClose}
      title={category ? `Edit ${category.categoryName}` : 'Add category'}
      onSubmit={(event) => void save(event)}
      contentSx={{ display: 'grid', gap: 2, pt: 1, minWidth: { sm: 420 } }}
      actions={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving || uploading}>
            {saving ? 'Saving…' : category ? 'Save' : 'Add category'}
          </Button>
        </>
      }
    >
      {serverError && !takenError ? <Alert severity="error">{serverError}</Alert> : null}
      <TextField
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (takenError) setServerError(null);
        }}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: NAME.maxLength } }}
        error={Boolean(nameError ?? takenError)}
        helperText={nameError ?? takenError ?? 'The make, as buyers know it (e.g. Porsche)'}
        sx={{ mt: 1 }}
      />
      <TextField
        label="Rating"
        type="number"
        value={rating}
        onChange={(event) => setRating(event.target.value)}
        required
        slotProps={{ htmlInput: { min: RATING.minimum, max: RATING.maximum, step: 0.1 } }}
        error={Boolean(ratingError)}
        helperText={ratingError ?? `From ${RATING.minimum} to ${RATING.maximum}`}
      />
      <CategoryPicture picture={picture} name={name} error={pictureError} />
    </DialogFrame>
  );
}
