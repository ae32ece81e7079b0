import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';

/** The page sizes a server-paged grid offers. */
export const PAGE_SIZES = [10, 25, 50];

/**
 * The grid's page and sort as the server's `limit`, `offset`, `sort` and `order`; a column the
 * server cannot sort by (`isServerSort` says no) sends no sort.
 */
export function pageAndSort<Sort extends string>(
  pagination: GridPaginationModel,
  sortModel: GridSortModel,
  isServerSort: (field: string) => field is Sort,
) {
  const sorted = sortModel[0];
  return {
    limit: pagination.pageSize,
    offset: pagination.page * pagination.pageSize,
    ...(sorted && sorted.sort && isServerSort(sorted.field)
      ? { sort: sorted.field, order: sorted.sort }
      : {}),
  };
}

/**
 * The page and sort of a grid paged and sorted by the server; a new sort starts again at the
 * first page. The grid's props for them are `gridProps`.
 */
export function useServerPaging() {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const toFirstPage = () => setPagination((current) => ({ ...current, page: 0 }));
  return {
    pagination,
    setPagination,
    sortModel,
    toFirstPage,
    gridProps: {
      paginationMode: 'server',
      sortingMode: 'server',
      paginationModel: pagination,
      onPaginationModelChange: setPagination,
      sortModel,
      onSortModelChange: (model: GridSortModel) => {
        setSortModel(model);
        toFirstPage();
      },
      pageSizeOptions: PAGE_SIZES,
    } as const,
  };
}

/** A page emptied (by deletes, decisions or a shorter search) moves back to the last with rows. */
export function useLastPageWithRows(
  paging: ReturnType<typeof useServerPaging>,
  total: number | undefined,
  isFetching: boolean,
) {
  const { pagination, setPagination } = paging;
  useEffect(() => {
    if (total === undefined || isFetching) return;
    const last = Math.max(0, Math.ceil(total / pagination.pageSize) - 1);
    if (pagination.page > last) setPagination((model) => ({ ...model, page: last }));
  }, [total, isFetching, pagination, setPagination]);
}
