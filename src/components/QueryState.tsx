import type { ReactNode } from 'react';
import { ActionButton, ErrorNotice } from './actions';
import { Spinner } from './Spinner';

interface QueryLike<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  /** Space kept while loading, so nothing below shifts. */
  minHeight?: number;
  /** What was being loaded, for the failure message ("the categories"). */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * A failed load: what could not be loaded, and a Retry button (disabled while retrying).
 * `minHeight` keeps the space the data would take.
 */
export function LoadFailure({
  what,
  retry,
  retrying = false,
  minHeight,
}: {
  what: string;
  retry: () => unknown;
  retrying?: boolean;
  minHeight?: number;
}) {
  return (
    <ErrorNotice
      minHeight={minHeight}
      action={
        <ActionButton
          type="button"
          tone="inherit"
          size="small"
          onClick={() => void retry()}
          disabled={retrying}
        >
          Retry
        </ActionButton>
      }
    >
      We could not load {what}. Check your connection and try again.
    </ErrorNotice>
  );
}

/**
 * A data list's three states: a spinner while loading, a clear failure with a retry button
 * (the seed stayed blank), or the data.
 */
export function QueryState<T>({ query, minHeight = 240, what, children }: Props<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <LoadFailure
        what={what}
        retry={query.refetch}
        retrying={query.isFetching}
        minHeight={Math.min(minHeight, 120)}
      />
    );
  }
  return <Spinner minHeight={minHeight} label={`Loading ${what}`} />;
}
