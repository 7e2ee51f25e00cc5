import type {
  Campaign,
  CampaignAudience,
  CampaignInput,
  CampaignListQuery,
  CampaignLog,
  CampaignLogDetail,
  CampaignSummary,
  CampaignTarget,
} from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;

export const campaignsApi = {
  list: (query: CampaignListQuery) => api.get<Campaign[]>('/campaigns', { params: query }).then(data),
  get: (id: string) => api.get<Campaign>(`/campaigns/${id}`).then(data),
  create: (body: CampaignInput) => api.post<Campaign>('/campaigns', body).then(data),
  update: (id: string, body: CampaignInput) => api.put<Campaign>(`/campaigns/${id}`, body).then(data),
  remove: (id: string) => api.delete(`/campaigns/${id}`).then(() => undefined),
  runNow: (id: string) => api.post<{ runId: string }>(`/campaigns/${id}/run`).then(data),
  summary: () => api.get<CampaignSummary>('/campaigns/summary').then(data),
  audience: (targetTags: string[], targetWhom: CampaignTarget, opts: { signal?: AbortSignal } = {}) =>
    api.get<CampaignAudience>('/campaigns/audience', { params: { targetTags: targetTags.join(','), targetWhom }, signal: opts.signal }).then(data),
  logs: (id: string) => api.get<CampaignLog[]>(`/campaigns/${id}/logs`).then(data),
  logDetails: (id: string, runDate: string) => api.get<CampaignLogDetail[]>(`/campaigns/${id}/logs/${encodeURIComponent(runDate)}`).then(data),
};
