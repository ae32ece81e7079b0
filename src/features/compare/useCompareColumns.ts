import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetProductQuery, type CarDetails } from '../../lib/api';

/** One column of the comparison: its car, or why there is none. */
export type CompareColumn =
  | { id: string; state: 'loading' }
  | { id: string; state: 'car'; car: CarDetails }
  /** No car has this id (never was, or deleted since). */
  | { id: string; state: 'gone' }
  | { id: string; state: 'failed'; retry: () => void; retrying: boolean };

type Query = ReturnType<typeof useGetProductQuery>;

function column(id: string, query: Query): CompareColumn {
  if (query.currentData) return { id, state: 'car', car: query.currentData };
  const status =
    query.error && 'status' in query.error ? (query.error as { status: unknown }).status : null;
  if (status === 404 || status === 400) return { id, state: 'gone' };
  if (query.isError) {
    return { id, state: 'failed', retry: () => void query.refetch(), retrying: query.isFetching };
  }
  return { id, state: 'loading' };
}

const arg = (id: string | undefined) => (id ? { id } : skipToken);

/**
 * The compared cars, each read with the car page's own call (`GET /products/{id}`, shared with
 * its cache): a fixed four queries, the unused ones skipped.
 */
export function useCompareColumns(ids: readonly string[]): CompareColumn[] {
  const queries = [
    useGetProductQuery(arg(ids[0])),
    useGetProductQuery(arg(ids[1])),
    useGetProductQuery(arg(ids[2])),
    useGetProductQuery(arg(ids[3])),
  ];
  return ids.slice(0, queries.length).map((id, i) => column(id, queries[i]));
}
