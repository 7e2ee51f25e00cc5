import { api } from '@agency/api-client';

/**
 * All of the agency's data as one tar.gz (owners); `progress` hears the bytes received so far, and
 * the total once known. Asked through the shell's api instance rather than a new method of the
 * shared api-client, so the page also runs under a shell released before the export.
 */
export const exportAgencyData = {
  download: (accountId: string, progress: (received: number, total: number | null) => void) =>
    api
      .get<Blob>(`/accounts/${accountId}/export`, {
        responseType: 'blob',
        timeout: 600_000,
        onDownloadProgress: (e) => progress(e.loaded, e.total ?? null),
      })
      .then((r) => r.data),
};
