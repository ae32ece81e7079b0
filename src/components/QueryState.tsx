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
 * A data list's three states: a spinner while loading, a clear failure with a retry button
 * (the seed stayed blank), or the data.
 */
export function QueryState<T>({ query, minHeight = 240, what, children }: Props<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorNotice
        minHeight={Math.min(minHeight, 120)}
        action={
          <ActionButton
            type="button"
            tone="inherit"
            size="small"
            onClick={() => query.refetch()}
            disabled={query.isFetching}
          >
            Retry
          </ActionButton>
        }
      >
        We could not load {what}. Check your connection and try again.
      </ErrorNotice>
    );
  }
  return <Spinner minHeight={minHeight} label={`Loading ${what}`} />;
}
