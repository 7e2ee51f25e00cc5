import type {
  AccountInfo,
  AccountInfoInput,
  MobileAppInput,
  MobileAppSettings,
  AvailableNumber,
  MessagingService,
  MessagingServiceCreate,
  NumberSearchInput,
  BrandView,
  Evaluation,
  Registration,
  RegistrationAddressInput,
  RegistrationBrandInput,
  RegistrationBusinessInput,
  RegistrationRepInput,
  Account,
  AccountUpdate,
  AuditPage,
  AuditPageQuery,
  AuditQuery,
  EmployeeCreate,
  Location,
  LocationCreate,
  LocationUpdate,
  PhoneCreate,
  PhoneNumber,
  PhoneUpdate,
  User,
} from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;
const a = (accountId: string) => `/accounts/${accountId}`;

/** An account's locations (offices). */
export const locationsApi = {
  list: (accountId: string) => api.get<Location[]>(`${a(accountId)}/locations`).then(data),
  get: (accountId: string, locationId: string) => api.get<Location>(`${a(accountId)}/locations/${locationId}`).then(data),
  /** Answers the new location's id. */
  create: (accountId: string, body: LocationCreate) => api.post<{ id: string }>(`${a(accountId)}/locations`, body).then(data),
  update: (accountId: string, locationId: string, body: LocationUpdate) => api.put<Location>(`${a(accountId)}/locations/${locationId}`, body).then(data),
};

/** An account's phone numbers; a number with a location is active. */
export const phonesApi = {
  list: (accountId: string) => api.get<PhoneNumber[]>(`${a(accountId)}/phones`).then(data),
  create: (accountId: string, body: PhoneCreate) => api.post<PhoneNumber>(`${a(accountId)}/phones`, body).then(data),
  update: (accountId: string, id: string, body: PhoneUpdate) => api.put<PhoneNumber>(`${a(accountId)}/phones/${id}`, body).then(data),
};

/** The account itself: its settings (mfaRequired, gatheringForms joined by commas). */
export const accountsApi = {
  get: (accountId: string) => api.get<Account>(a(accountId)).then(data),
  update: (accountId: string, body: AccountUpdate) => api.put<Account>(a(accountId), body).then(data),
  info: (accountId: string) => api.get<AccountInfo>(`${a(accountId)}/info`).then(data),
  updateInfo: (accountId: string, body: AccountInfoInput) => api.put<AccountInfo>(`${a(accountId)}/info`, body).then(data),
};

/** Adding and deleting the account's employees; editing is PUT /users/{id} (usersApi.update). */
export const employeesApi = {
  create: (accountId: string, body: EmployeeCreate) => api.post<User>(`${a(accountId)}/users`, body).then(data),
  remove: (accountId: string, userId: string) => api.delete<{ message: string }>(`${a(accountId)}/users/${userId}`).then(data),
};

/** The account's audit trail (owners): a page of events, and the CSV of everything the filters match. */
export const auditApi = {
  page: (accountId: string, query: AuditPageQuery) => api.get<AuditPage>(`${a(accountId)}/audit`, { params: query }).then(data),
  exportCsv: (accountId: string, query: AuditQuery) =>
    api.get<string>(`${a(accountId)}/audit/export`, { params: query, responseType: 'text', timeout: 300_000 }).then(data),
};

/** A location's registration for texting: its steps, the evaluation and submission, the brand. */
export const registrationApi = {
  get: (accountId: string, locationId: string) => api.get<Registration>(`${a(accountId)}/locations/${locationId}/registration`).then(data),
  saveAddress: (accountId: string, locationId: string, body: RegistrationAddressInput) =>
    api.post<{ addressSid: string }>(`${a(accountId)}/locations/${locationId}/address`, body).then(data),
  saveBusiness: (accountId: string, locationId: string, body: RegistrationBusinessInput) =>
    api.post<{ businessSid: string }>(`${a(accountId)}/locations/${locationId}/business`, body).then(data),
  /** Level 2 is optional: `null` records that there is none. */
  saveRep: (accountId: string, locationId: string, level: 1 | 2, body: RegistrationRepInput | null) =>
    api.post<{ rep1Sid?: string; rep2Sid?: string }>(`${a(accountId)}/locations/${locationId}/rep/${level}`, body ?? { none: true }).then(data),
  evaluate: (accountId: string, locationId: string) => api.post<Evaluation>(`${a(accountId)}/locations/${locationId}/evaluation`).then(data),
  submit: (accountId: string, locationId: string) =>
    api.post<{ status: string; evaluation: Evaluation }>(`${a(accountId)}/locations/${locationId}/evaluation/submit`).then(data),
  brand: (accountId: string, locationId: string) => api.get<BrandView>(`${a(accountId)}/locations/${locationId}/brand`).then(data),
  submitBrand: (accountId: string, locationId: string, body: RegistrationBrandInput) =>
    api.post<BrandView>(`${a(accountId)}/locations/${locationId}/brand`, body).then(data),
};

/** Numbers through the carrier and the account's message campaigns. */
export const numbersApi = {
  search: (body: NumberSearchInput) => api.post<AvailableNumber[]>('/phonenumber/search', body).then(data),
  purchase: (accountId: string, phoneNumber: string) => api.post<PhoneNumber>(`${a(accountId)}/phones/purchase`, { phoneNumber }).then(data),
  release: (accountId: string, id: string) => api.delete<{ message: string }>(`${a(accountId)}/phones/${id}`).then(data),
  services: (accountId: string) => api.get<MessagingService[]>(`${a(accountId)}/messaging-services`).then(data),
  createService: (accountId: string, locationId: string, body: MessagingServiceCreate) =>
    api.post<MessagingService>(`${a(accountId)}/locations/${locationId}/campaign`, body).then(data),
  /** The port form and its PDFs (loa, billing) as multipart; `onProgress` gets the share uploaded (0 to 1). */
  port: (accountId: string, form: FormData, onProgress?: (share: number) => void) =>
    api
      .post<{ message: string }>(`${a(accountId)}/phones/port`, form, {
        timeout: 300_000,
        onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
      })
      .then(data),
  updateService: (accountId: string, sid: string, body: { friendlyName: string; usecase: string }) =>
    api.put<MessagingService>(`${a(accountId)}/messaging-service/${sid}`, body).then(data),
};

/** The signed-in account's client mobile app settings (null until first set). */
export const mobileAppApi = {
  get: () => api.get<MobileAppSettings | null>('/mobileApp').then(data),
  create: (body: MobileAppInput) => api.post<MobileAppSettings>('/mobileApp', body).then(data),
  update: (body: MobileAppInput) => api.put<MobileAppSettings>('/mobileApp', body).then(data),
};
