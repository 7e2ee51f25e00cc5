import type { RenewalSettings, RenewalSettingsInput } from '@agency/contracts';
import { api } from '@agency/api-client';

const path = (accountId: string) => `/accounts/${accountId}/renewal-settings`;

/** The account's renewal settings (GET and PUT /accounts/{accountId}/renewal-settings). */
export const renewalSettingsApi = {
  get: (accountId: string) => api.get<RenewalSettings>(path(accountId)).then((r) => r.data),
  update: (accountId: string, body: RenewalSettingsInput) => api.put<RenewalSettings>(path(accountId), body).then((r) => r.data),
};
