import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { checkRow } from './checkRow';
import type { CarSearch, SellerType } from './searchParams';

const CHOICES: { value: SellerType | ''; label: string }[] = [
  { value: '', label: 'Any seller' },
  { value: 'dealer', label: 'Dealers' },
  { value: 'private', label: 'Private sellers' },
];

/** The cars a choice would show: a seller type's own count, or both added up for any seller. */
function countOf(value: SellerType | '', counts: Record<string, number>): number {
  if (value) return counts[value] ?? 0;
  return (counts.dealer ?? 0) + (counts.private ?? 0);
}

/**
 * 'Seller type': any seller, dealers (sellers with a dealer profile) or private sellers, as
 * radio buttons of the filter form (a page without the app sends them too), each with the cars
 * it would show (the facet counts them with every other filter) once the counts have come. A
 * choice applies at once, one made before the app started as soon as it has.
 */
export function SellerTypeFilter({
  search,
  counts,
  tally,
  onApply,
}: {
  search: CarSearch;
  /** The facet's counts per seller type; undefined while they load. */
  counts: Record<string, number> | undefined;
  /** A count as shown ('about 1,200' when estimated). */
  tally: (n: number) => number | string;
  onApply: (search: CarSearch) => void;
}) {
  // Chosen at once (the search's URL follows a moment later); the URL's value wins when it changes.
  const [chosen, setChosen] = useState(search.sellerType);
  const [shown, setShown] = useState(search.sellerType);
  if (shown !== search.sellerType) {
    setShown(search.sellerType);
    setChosen(search.sellerType);
  }
  // A choice made in the server's page before the app took it over applies once it has.
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const picked = group.current?.querySelector<HTMLInputElement>('input:checked')?.value ?? '';
    const value = CHOICES.find((choice) => choice.value === picked)?.value ?? '';
    if (value !== chosen) {
      setChosen(value);
      onApply({ ...search, sellerType: value });
    }
    // Once: what the page showed when the app arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Box ref={group}>
      {CHOICES.map(({ value, label }) => (
        <Box component="label" key={value || 'any'} sx={checkRow}>
          <input
            type="radio"
            name="sellerType"
            value={value}
            checked={chosen === value}
            onChange={() => {
              setChosen(value);
              onApply({ ...search, sellerType: value });
            }}
          />
          <span>{label}</span>
          {counts && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 'auto' }}>
              ({tally(countOf(value, counts))})
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
