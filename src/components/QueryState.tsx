import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
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
      <Alert
        severity="error"
        sx={{ minHeight: Math.min(minHeight, 120), alignItems: 'center' }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => query.refetch()}
            disabled={query.isFetching}
          >
            Retry
          </Button>
        }
      >
        We could not load {what}. Check your connection and try again.
      </Alert>
    );
  }
  return <Spinner minHeight={minHeight} label={`Loading ${what}`} />;
}
