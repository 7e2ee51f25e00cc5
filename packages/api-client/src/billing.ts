import type { Balance, BillingPaymentMethod, Invoice, LocalSetupConfirm, PlanLimits, SetupIntent, SetupResult, Subscription, Usage } from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;
const a = (accountId: string) => `/accounts/${accountId}`;

/** The account's plan, invoices, payment methods and usage (owners and admins). Lists arrive as { data }. */
export const billingApi = {
  subscription: (accountId: string) => api.get<Subscription | null>(`${a(accountId)}/subscription`).then(data),
  planLimits: (accountId: string) => api.get<PlanLimits>(`${a(accountId)}/plan-limits`).then(data),
  balance: (accountId: string) => api.get<Balance>(`${a(accountId)}/balance`).then(data),
  invoices: (accountId: string) => api.get<{ data: Invoice[] }>(`${a(accountId)}/invoices`).then((r) => r.data.data),
  paymentMethods: (accountId: string) => api.get<{ data: BillingPaymentMethod[] }>(`${a(accountId)}/payment-methods`).then((r) => r.data.data),
  setupIntent: (accountId: string) => api.get<SetupIntent>(`${a(accountId)}/payment-methods/init`).then(data),
  /** The local provider's card form: the number goes to this request and no further. */
  confirmLocalSetup: (accountId: string, body: LocalSetupConfirm) => api.post<SetupResult>(`${a(accountId)}/payment-methods/local/confirm`, body).then(data),
  setDefault: (accountId: string, id: string) => api.put<{ data: BillingPaymentMethod[] }>(`${a(accountId)}/payment-methods/${id}`).then((r) => r.data.data),
  remove: (accountId: string, id: string) => api.delete<{ data: BillingPaymentMethod[] }>(`${a(accountId)}/payment-methods/${id}`).then((r) => r.data.data),
  /** One attempt to pay, named by `attemptKey` so a retried request pays once. */
  pay: (accountId: string, invoiceId: string, paymentMethodId: string, attemptKey: string) =>
    api.post<Invoice>(`${a(accountId)}/invoices/${invoiceId}/pay`, { paymentMethodId }, { headers: { 'Idempotency-Key': attemptKey } }).then(data),
  usage: (accountId: string, monthYear: string) => api.get<Usage>(`${a(accountId)}/phone/usage`, { params: { monthYear } }).then(data),
};
