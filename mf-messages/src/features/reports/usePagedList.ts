import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_REPORT_PAGE_SIZE } from './Pager';

/**
 * A page of a list with no total (page 1-based). Changing the page size goes back to page 1.
 * `failed` is what the page shows when the call fails; `reload` fetches the page again.
 */
export function usePagedList<T>(fetchPage: (page: number, limit: number) => Promise<T[]>, onError: (err: unknown) => void) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(DEFAULT_REPORT_PAGE_SIZE);
  const [rows, setRows] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchPage(page, pageSize)
      .then((r) => live && setRows(r))
      .catch((err: unknown) => {
        if (!live) return;
        setRows([]);
        onError(err);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [fetchPage, onError, page, pageSize, version]);
  const setPageSize = useCallback((n: number) => {
    setPageSizeState(n);
    setPage(1);
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { page, setPage, pageSize, setPageSize, rows, loading, reload };
}
