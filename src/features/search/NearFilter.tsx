import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState } from 'react';
import { PlainSelect, PlainTextField } from '../../components/PlainField';
import { useGetPlaceQuery } from '../../lib/api';
import type { SearchFacets } from '../../lib/api/search';
import { rememberZip } from './rememberedZip';
import { nearZip, RADII, ZIP, type CarSearch, type Radius } from './searchParams';

export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code';

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** Under the ZIP: what is wrong with the one typed, else the place of the one searched near. */
function ZipNote({ id, zip, problem }: { id: string; zip: string; problem: string | null }) {
  const place = useGetPlaceQuery(zip ? { zip } : skipToken);
  let text = problem;
  if (!text && zip && place.currentData) text = `Near ${place.currentData.place}`;
  if (!text && zip && place.isError && isNotFound(place.error)) text = 'No such US ZIP code';
  const wrong = Boolean(problem) || (place.isError && isNotFound(place.error));
  return (
    <Typography
      id={id}
      variant="caption"
      component="p"
      role={wrong ? 'alert' : undefined}
      sx={{ mt: 0.75, minHeight: '1.25em', color: wrong ? 'error.main' : 'text.secondary' }}
    >
      {text}
    </Typography>
  );
}

/**
 * 'Near (ZIP code)' and 'Distance': where the buyer is and how far they would go. The ZIP applies
 * when it is left or Enter is pressed, if it is five digits (or empty: near nowhere); any other
 * text says so beside it and is not sent. The distance applies as it is chosen, with each
 * radius's count of cars (the facets' bands).
 */
export function NearFilter({
  search,
  facets,
  onApply,
}: {
  search: CarSearch;
  facets: SearchFacets | undefined;
  onApply: (search: CarSearch) => void;
}) {
  const noteId = useId();
  const [draft, setDraft] = useState(search.zip);
  const [checked, setChecked] = useState(false);
  // The address changed (Back, Forward, a remembered ZIP): the field shows its ZIP.
  const [shown, setShown] = useState(search.zip);
  if (shown !== search.zip) {
    setShown(search.zip);
    setDraft(search.zip);
    setChecked(false);
  }
  const typed = draft.trim();
  const problem = checked && typed && !ZIP.test(typed) ? ZIP_MESSAGE : null;
  /** Leaving the field or Enter: a cleared ZIP is forgotten; the form applies a valid one. */
  const check = () => {
    setChecked(true);
    if (!typed && search.zip) rememberZip('');
  };
  const bands = facets?.distanceBands;
  const atLeast = facets?.distanceBandsAtLeast ?? [];
  /** A band's count in words: '(1,204)', or '(5,000+)' for a band holding more than counted. */
  const counted = (radius: Radius) => {
    const n = bands?.[radius];
    if (n === undefined) return '';
    return ` (${n.toLocaleString('en-US')}${atLeast.includes(radius) ? '+' : ''})`;
  };
  const options = [
    { value: '', label: 'Any distance' },
    ...RADII.map((radius) => ({ value: radius, label: `${radius} miles${counted(radius)}` })),
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box>
        <PlainTextField
          label="Near (ZIP code)"
          name="zip"
          value={draft}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          aria-invalid={problem ? true : undefined}
          aria-describedby={noteId}
          onChange={(event) => {
            setDraft(event.target.value);
            setChecked(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') check();
          }}
          onBlur={(event) => {
            check();
            if (typed === search.zip) return;
            if (!typed || ZIP.test(typed)) event.currentTarget.form?.requestSubmit();
          }}
        />
        <ZipNote id={noteId} zip={search.zip} problem={problem} />
      </Box>
      <PlainSelect
        label="Distance"
        name="radius"
        value={search.radius}
        options={options}
        onChange={(event) => {
          const radius = event.target.value as Radius | '';
          onApply(search.zip ? { ...search, radius } : nearZip(search, ''));
        }}
      />
      {!search.zip && (
        <Typography variant="caption" color="text.secondary" component="p">
          Enter a ZIP code to search within a distance.
        </Typography>
      )}
    </Box>
  );
}
