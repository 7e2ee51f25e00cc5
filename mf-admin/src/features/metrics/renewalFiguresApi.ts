import type { RenewalFigures } from '@agency/contracts';
import { api } from '@agency/api-client';

/** One person's renewal figures for a month (GET /accounts/{accountId}/renewals/figures?user=&month=MM/yyyy). */
export const renewalFiguresApi = {
  figures: (accountId: string, user: string, month: string) =>
    api.get<RenewalFigures>(`/accounts/${accountId}/renewals/figures`, { params: { user, month } }).then((r) => r.data),
};
