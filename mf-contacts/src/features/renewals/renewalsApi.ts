import type { Renewal, RenewalFigures, RenewalListQuery, RenewalListResponse, RenewalUpdate } from '@agency/contracts';
import { api } from '@agency/api-client';

const base = (accountId: string) => `/accounts/${accountId}/renewals`;

/** The renewals of the signed-in account (GET and PATCH /accounts/{accountId}/renewals). */
export const renewalsApi = {
  list: (accountId: string, query: RenewalListQuery) => api.get<RenewalListResponse>(base(accountId), { params: query }).then((r) => r.data),
  update: (accountId: string, renewal: Pick<Renewal, 'sourceKind' | 'sourceId'>, body: RenewalUpdate) =>
    api.patch<Renewal>(`${base(accountId)}/${renewal.sourceKind}/${renewal.sourceId}`, body).then((r) => r.data),
  /** This month's figures: the account's for owners and admins, their own for employees. */
  figures: (accountId: string) => api.get<RenewalFigures>(`${base(accountId)}/figures`).then((r) => r.data),
};
