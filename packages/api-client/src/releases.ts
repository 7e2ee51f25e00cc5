import type { ReleaseActivate, ReleasesOverview } from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;

/** The releases of every remote (super users): the list with the preflight's verdict, and Roll Back / Activate with a reason. */
export const releasesApi = {
  overview: () => api.get<ReleasesOverview>('/releases').then(data),
  activate: (remote: string, body: ReleaseActivate) => api.post<ReleasesOverview>(`/releases/${remote}/activate`, body).then(data),
};
