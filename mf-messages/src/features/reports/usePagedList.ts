import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from '@agency/ui';
import { DEFAULT_REPORT_PAGE_SIZE } from './Pager';

/**
 * A page of a list with no total (page 1-based). Changing the page size goes back to page 1.
 * `failed` is what the page shows when the call fails; `reload` fetches the page again.
 */
export function usePagedList<T>(fetchPage: (page: number, limit: number) => Promise<T[]>, onError: (err: unknown) => void) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(DEFAULT_REPORT_PAGE_SIZE);
  const list = useLiveQuery(() => fetchPage(page, pageSize), null, [fetchPage, page, pageSize]);
  const failed = useRef(onError);
  failed.current = onError;
  useEffect(() => {
    if (list.error) failed.current(list.error);
  }, [list.error]);
  const setPageSize = useCallback((n: number) => {
    setPageSizeState(n);
    setPage(1);
  }, []);
  return { page, setPage, pageSize, setPageSize, rows: list.error ? [] : (list.data ?? null), loading: list.loading, reload: list.reload };
}
