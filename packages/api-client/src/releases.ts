import type { DeployKey, DeployKeyCreate, DeployKeyCreated, ReleaseActivate, ReleasesOverview } from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;

/** The releases of every remote (super users): the list with the preflight's verdict, Roll Back / Activate with a reason, and the deploy keys teams publish with. */
export const releasesApi = {
  overview: () => api.get<ReleasesOverview>('/releases').then(data),
  activate: (remote: string, body: ReleaseActivate) => api.post<ReleasesOverview>(`/releases/${remote}/activate`, body).then(data),
  deployKeys: () => api.get<DeployKey[]>('/releases/keys').then(data),
  createDeployKey: (body: DeployKeyCreate) => api.post<DeployKeyCreated>('/releases/keys', body).then(data),
  revokeDeployKey: (id: string) => api.delete<DeployKey>(`/releases/keys/${id}`).then(data),
};
