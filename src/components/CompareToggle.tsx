import { useOwnMarkupHydrated } from '../lib/useHydrated';
import { COMPARE_LIMIT_MESSAGE, toggleCompared, useComparedCars } from '../lib/compare/compareList';
import { notify } from '../lib/notify/notify';
import { ActionButton } from './actions';

/**
 * 'Compare': marks a car for the side-by-side comparison (kept in this browser, at most 4), and
 * unmarks it. A fifth car says so and changes nothing. Plain styled button: it sits on every
 * search card and car page, whose first script is at its budget.
 */
export interface CompareToggleProps {
  id: string;
  name: string;
  /** Small on a search card; a car's page sets it beside its other buttons. */
  size?: 'small' | 'medium';
}

export function CompareToggle({ id, name, size = 'small' }: CompareToggleProps) {
  const chosen = useComparedCars().includes(id);
  // False in the server's markup and until this part of it is hydrated (a search card's code
  // comes after the page's): a click before then would be lost, so the button waits disabled.
  const live = useOwnMarkupHydrated();
  return (
    <ActionButton
      type="button"
      variant={chosen ? 'contained' : 'outlined'}
      size={size}
      tone="primary"
      aria-pressed={chosen}
      disabled={!live}
      aria-label={`Compare ${name}`}
      onClick={() => {
        if (!toggleCompared(id)) notify.blank(COMPARE_LIMIT_MESSAGE);
      }}
      // Above a search card's stretched link, which covers the rest of the card.
      sx={{ position: 'relative', zIndex: 1, width: 'fit-content', gap: 0.5 }}
    >
      {chosen && (
        <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden focusable="false">
          <path fill="currentColor" d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
        </svg>
      )}
      Compare
    </ActionButton>
  );
}
