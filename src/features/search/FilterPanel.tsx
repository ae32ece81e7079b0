import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ActionButton, ActionLink } from '../../components/actions';
import { PlainTextField } from '../../components/PlainField';
import { paths } from '../../config/paths';
import type { SearchFacets } from '../../lib/api/search';
import { formatPrice, formatYears } from '../../lib/format';
import {
  BODY_STYLES,
  CONDITIONS,
  FUELS,
  TRANSMISSIONS,
  hasFilters,
  searchQuery,
  withoutFilters,
  type CarSearch,
} from './searchParams';
import { checkRow } from './checkRow';
import { NearFilter } from './NearFilter';
import { SellerTypeFilter } from './SellerTypeFilter';
import { searchFromForm } from './searchForm';

/** A text field that keeps what is typed until it is applied (Enter, or leaving the field). */
function DraftField({
  label,
  name,
  value,
  numeric = false,
}: {
  label: string;
  name: string;
  value: string;
  numeric?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  // The URL changed (Back, Forward, Clear filters): the field shows its value, and keeps its focus.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  return (
    <PlainTextField
      label={label}
      name={name}
      value={draft}
      type="text"
      inputMode={numeric ? 'decimal' : undefined}
      onChange={(event) => setDraft(event.target.value)}
      // Leaving a changed field applies it, as Enter does.
      onBlur={(event) => {
        if (draft.trim() !== value) event.currentTarget.form?.requestSubmit();
      }}
    />
  );
}

function Group({ legend, children, hint }: { legend: string; children: ReactNode; hint?: string }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, mb: 1, p: 0 }}>
        {legend}
      </Typography>
      {children}
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}

function Check({
  name,
  value,
  checked,
  label,
  count,
  onToggle,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  /** The facet's count ('about 1,200' when estimated). */
  count?: number | string;
  onToggle: (on: boolean) => void;
}) {
  // Ticked at once (the search's URL follows a moment later); the URL's value wins when it changes.
  const [on, setOn] = useState(checked);
  const [shown, setShown] = useState(checked);
  if (shown !== checked) {
    setShown(checked);
    setOn(checked);
  }
  // A box ticked in the server's page before the app took it over applies once it has.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const ticked = box.current?.checked ?? on;
    if (ticked !== on) {
      setOn(ticked);
      onToggle(ticked);
    }
    // Once: what the page showed when the app arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Box component="label" sx={checkRow}>
      <input
        ref={box}
        type="checkbox"
        name={name}
        value={value}
        checked={on}
        // A box ticked applies at once.
        onChange={(event) => {
          setOn(event.currentTarget.checked);
          onToggle(event.currentTarget.checked);
        }}
      />
      <span>{label}</span>
      {count !== undefined && (
        <Box component="span" sx={{ color: 'text.secondary', ml: 'auto' }}>
          ({count})
        </Box>
      )}
    </Box>
  );
}

const range = (
  r: { min: number; max: number } | null | undefined,
  show: (n: number) => string,
): string | undefined => {
  if (!r) return undefined;
  return `${r.min === r.max ? show(r.min) : `${show(r.min)} to ${show(r.max)}`} in these results`;
};

/** A list with or without one value (kept in a fixed order, so equal searches have one URL). */
function toggled<T extends string>(list: readonly T[], value: T, on: boolean, order: readonly T[]) {
  const next = on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

const miles = (n: number) => `${n.toLocaleString('en-US')} mi`;

/** A facet's count as shown: estimated counts (past the cars a search ranks) read 'about …'. */
type Tally = (n: number) => number | string;
const tallyOf =
  (facets: SearchFacets | undefined): Tally =>
  (n) =>
    facets?.countsExact === false && n > 0 ? `about ${n.toLocaleString('en-US')}` : n;

/**
 * Boxes for the values of a list filter that the facet counts (or that are ticked), each with its
 * count; ticking one applies the search with it.
 */
function CheckList<K extends 'model' | 'fuel' | 'transmission' | 'bodyStyle'>({
  name,
  order,
  counts,
  tally,
  search,
  onApply,
}: {
  name: K;
  tally: Tally;
  /** The values in the order they are shown (the contract's, or the models sorted). */
  order: readonly CarSearch[K][number][];
  counts: Record<string, number> | undefined;
  search: CarSearch;
  onApply: (search: CarSearch) => void;
}) {
  const chosen = search[name] as readonly string[];
  const shown = order.filter((value) => chosen.includes(value) || (counts?.[value] ?? 0) > 0);
  if (shown.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {counts ? 'None known for this search.' : 'Loading…'}
      </Typography>
    );
  return shown.map((value) => (
    <Check
      key={value}
      name={name}
      value={value}
      label={value}
      checked={chosen.includes(value)}
      count={counts ? tally(counts[value] ?? 0) : undefined}
      onToggle={(on) =>
        onApply({ ...search, [name]: toggled(chosen, value, on, order as readonly string[]) })
      }
    />
  ));
}

/** What the category and condition boxes need: the search, its facets, and how to count. */
interface ChecksProps {
  search: CarSearch;
  facets: SearchFacets | undefined;
  onApply: (search: CarSearch) => void;
  tally: ReturnType<typeof tallyOf>;
}

/** A box per category that has cars for this search (and those ticked), by name. */
function CategoryChecks({ search, facets, onApply, tally }: ChecksProps) {
  const categories = [...new Set([...Object.keys(facets?.category ?? {}), ...search.category])];
  categories.sort((a, b) => a.localeCompare(b));
  return (
    <>
      {categories.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {facets ? 'No category has cars for this search.' : 'Loading the categories…'}
        </Typography>
      )}
      {categories.map((name) => (
        <Check
          key={name}
          name="category"
          value={name}
          label={name}
          checked={search.category.includes(name)}
          count={facets ? tally(facets.category[name] ?? 0) : undefined}
          onToggle={(on) =>
            onApply({ ...search, category: toggled(search.category, name, on, categories) })
          }
        />
      ))}
    </>
  );
}

/** A box per condition (New, Used …), in the contract's order. */
function ConditionChecks({ search, facets, onApply, tally }: ChecksProps) {
  return (
    <>
      {CONDITIONS.map((condition) => (
        <Check
          key={condition}
          name="condition"
          value={condition}
          label={condition}
          checked={search.condition.includes(condition)}
          count={facets ? tally(facets.condition[condition] ?? 0) : undefined}
          onToggle={(on) =>
            onApply({
              ...search,
              condition: toggled(search.condition, condition, on, CONDITIONS),
            })
          }
        />
      ))}
    </>
  );
}

/**
 * The filters of a search: a plain GET form (it works before the app has started, and without
 * it), applied as soon as a box is ticked or a field is left. Every field shows the URL's value,
 * so Back and Forward show the filters of the search they return to.
 */
export interface FilterPanelProps {
  search: CarSearch;
  facets: SearchFacets | undefined;
  onApply: (search: CarSearch) => void;
}

export function FilterPanel({ search, facets, onApply }: FilterPanelProps) {
  const tally = tallyOf(facets);
  // The models of the chosen makes (the facet follows them), and those ticked.
  const models = [...new Set([...Object.keys(facets?.model ?? {}), ...search.model])];
  models.sort((a, b) => a.localeCompare(b));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(searchFromForm(event.currentTarget, search));
  };
  return (
    <Box
      component="form"
      action={paths.cars}
      method="get"
      role="search"
      aria-label="Filter cars"
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
    >
      {search.q && <input type="hidden" name="q" value={search.q} />}
      {search.sort && <input type="hidden" name="sort" value={search.sort} />}
      <Group legend="Near you">
        <NearFilter {...{ search, facets, onApply }} />
      </Group>
      <Group legend="Category">
        <CategoryChecks {...{ search, facets, onApply, tally }} />
      </Group>
      <Group legend="Model">
        <CheckList
          name="model"
          order={models}
          counts={facets?.model}
          {...{ search, onApply, tally }}
        />
      </Group>
      <Group legend="Model year" hint={range(facets?.modelYear, String)}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <DraftField label="From year" name="minModelYear" value={search.minModelYear} numeric />
          <DraftField label="To year" name="maxModelYear" value={search.maxModelYear} numeric />
        </Box>
      </Group>
      <Group legend="Mileage" hint={range(facets?.mileage, miles)}>
        <DraftField label="Max miles" name="maxMileage" value={search.maxMileage} numeric />
      </Group>
      <Group legend="Price" hint={range(facets?.price, formatPrice)}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <DraftField label="Min price" name="minPrice" value={search.minPrice} numeric />
          <DraftField label="Max price" name="maxPrice" value={search.maxPrice} numeric />
        </Box>
      </Group>
      <Group legend="Condition">
        <ConditionChecks {...{ search, facets, onApply, tally }} />
      </Group>
      <Group legend="Years used" hint={range(facets?.years, formatYears)}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <DraftField label="Min years" name="minYears" value={search.minYears} numeric />
          <DraftField label="Max years" name="maxYears" value={search.maxYears} numeric />
        </Box>
      </Group>
      <Group legend="Fuel">
        <CheckList
          name="fuel"
          order={FUELS}
          counts={facets?.fuel}
          {...{ search, onApply, tally }}
        />
      </Group>
      <Group legend="Transmission">
        <CheckList
          name="transmission"
          order={TRANSMISSIONS}
          counts={facets?.transmission}
          {...{ search, onApply, tally }}
        />
      </Group>
      <Group legend="Body style">
        <CheckList
          name="bodyStyle"
          order={BODY_STYLES}
          counts={facets?.bodyStyle}
          {...{ search, onApply, tally }}
        />
      </Group>
      <Group legend="Location">
        <DraftField label="City or state" name="location" value={search.location} />
      </Group>
      <Group legend="Seller">
        <Check
          name="verified"
          value="true"
          label="Verified sellers only"
          checked={search.verified}
          onToggle={(on) => onApply({ ...search, verified: on })}
        />
      </Group>
      <Group legend="Seller type">
        <SellerTypeFilter counts={facets?.sellerType} {...{ search, onApply, tally }} />
      </Group>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ActionButton type="submit" variant="contained">
          Apply filters
        </ActionButton>
        {hasFilters(search) && (
          <ActionLink to={{ pathname: paths.cars, search: searchQuery(withoutFilters(search)) }}>
            Clear filters
          </ActionLink>
        )}
      </Box>
    </Box>
  );
}
