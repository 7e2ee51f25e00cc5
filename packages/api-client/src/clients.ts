import type {
  Activity,
  ActivityCreate,
  ActivityListQuery,
  ActivityUpdate,
  Address,
  AddressInput,
  AddressUpdate,
  BlockedNumber,
  BlockedNumberInput,
  Client,
  ClientCreate,
  ClientDeleteResponse,
  ClientDuplicate,
  ClientFull,
  ClientInput,
  ClientLettersResponse,
  ClientLevel,
  ClientListQuery,
  ClientListResponse,
  ClientRoom,
  ClientTag,
  ClientTagsAssign,
  Dependent,
  DependentInput,
  FavoritesResponse,
  FavoriteState,
  FollowUp,
  FollowUpBucket,
  FollowUpBucketQuery,
  FollowUpCounts,
  FollowUpCreate,
  FollowUpUpdate,
  ImportPreview,
  ImportRequest,
  ImportResult,
  Link,
  LinkInput,
  MergeRequest,
  MergeResponse,
  MiscItem,
  MiscItemInput,
  OptionValue,
  PaymentMethod,
  PaymentMethodInput,
  PaymentMethodReveal,
  PaymentMethodUpdate,
  Policy,
  PolicyInput,
  Quote,
  QuoteForm,
  QuoteInput,
  RevealResponse,
  RevealableClientField,
  SplitRequest,
  SplitResponse,
  Tag,
  TagCountInput,
  TagInput,
  TagListQuery,
  ValueGroup,
  ValueReplace,
  VinLookup,
} from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;
const c = (clientId: string) => `/clients/${clientId}`;

/** Contacts: the list, one client, its detail, split, merge, delete, rooms, reveal, import and export. */
export const clientsApi = {
  /** A signal cancels a request whose answer is no longer wanted (the search changed). */
  list: (query: ClientListQuery = {}, opts: { signal?: AbortSignal } = {}) =>
    api.get<ClientListResponse>('/clients', { params: query, signal: opts.signal }).then(data),
  letters: (opts: { signal?: AbortSignal } = {}) => api.get<ClientLettersResponse>('/clients/letters', { signal: opts.signal }).then(data),
  /** Answers 201 with the new client (data.id). */
  create: (fields: ClientCreate) => api.post<Client>('/clients', fields).then(data),
  get: (id: string) => api.get<Client>(c(id)).then(data),
  full: (id: string) => api.get<ClientFull>(`${c(id)}/full`).then(data),
  /** Any subset of the fields; also the assignments ({accountPhone}, {managedBy, managedOn}, the referral fields). */
  update: (id: string, fields: ClientInput) => api.put<Client>(c(id), fields).then(data),
  /** level primary (default) deletes the client or promotes its secondary; secondary clears the co-applicant. */
  remove: (id: string, level: ClientLevel = 'primary') => api.delete<ClientDeleteResponse>(c(id), { params: { level } }).then(data),
  duplicates: (q: { mobilePhone?: string; email?: string; exclude?: string }) =>
    api.get<{ matches: ClientDuplicate[] }>('/clients/duplicates', { params: q }).then((r) => r.data.matches),
  split: (id: string, body: SplitRequest) => api.put<SplitResponse>(`${c(id)}/split`, body).then(data),
  mergeWith: (id: string, otherId: string, body: MergeRequest) => api.put<MergeResponse>(`${c(id)}/mergeWith/${otherId}`, body).then(data),
  rooms: (id: string) => api.get<ClientRoom[]>(`${c(id)}/rooms`).then(data),
  /** The full SSN of the primary (ssn) or secondary (coSSN); recorded in the activity. */
  reveal: (id: string, field: RevealableClientField) => api.post<RevealResponse>(`${c(id)}/reveal`, { field }).then((r) => r.data.value),
  importPreview: (csv: string) => api.post<ImportPreview>('/clients/import/preview', { csv }).then(data),
  import: (body: ImportRequest) => api.post<ImportResult>('/clients/import', body, { timeout: 300_000 }).then(data),
  /** CSV text of the list with the same filters as list(). */
  exportCsv: (query: Omit<ClientListQuery, 'after' | 'limit'> = {}) =>
    api.get<string>('/clients/export', { params: query, responseType: 'text', timeout: 300_000 }).then(data),
};

/** CRUD calls of one kind of client sub-record. */
function records<T, In, Up = Partial<In>>(segment: string) {
  return {
    list: (clientId: string) => api.get<T[]>(`${c(clientId)}/${segment}`).then(data),
    get: (clientId: string, id: string) => api.get<T>(`${c(clientId)}/${segment}/${id}`).then(data),
    create: (clientId: string, body: In) => api.post<T>(`${c(clientId)}/${segment}`, body).then(data),
    update: (clientId: string, id: string, body: Up) => api.put<T>(`${c(clientId)}/${segment}/${id}`, body).then(data),
    remove: (clientId: string, id: string) => api.delete<{ message: string }>(`${c(clientId)}/${segment}/${id}`).then(data),
  };
}

export const addressesApi = records<Address, AddressInput, AddressUpdate>('addresses');
export const dependentsApi = {
  ...records<Dependent, DependentInput>('dependents'),
  reveal: (clientId: string, id: string, field: 'ssn' | 'dlId' | 'dob' = 'ssn') =>
    api.post<RevealResponse>(`${c(clientId)}/dependents/${id}/reveal`, { field }).then((r) => r.data.value),
};
export const policiesApi = records<Policy, PolicyInput>('policies');
/** Vehicles (auto, rv, rec, water), homes and commercial accounts. PUT sends the whole record with its form. */
export const quotesApi = {
  ...records<Quote, QuoteInput, QuoteInput>('quotes'),
  list: (clientId: string, form?: QuoteForm) => api.get<Quote[]>(`${c(clientId)}/quotes`, { params: { form } }).then(data),
};
export const paymentMethodsApi = {
  ...records<PaymentMethod, PaymentMethodInput, PaymentMethodUpdate>('paymentMethods'),
  reveal: (clientId: string, id: string) => api.post<PaymentMethodReveal>(`${c(clientId)}/paymentMethods/${id}/reveal`).then(data),
};
export const miscItemsApi = records<MiscItem, MiscItemInput>('misc');
export const linksApi = records<Link, LinkInput>('links');

export const activityApi = {
  list: (clientId: string, query: ActivityListQuery = {}) => api.get<Activity[]>(`${c(clientId)}/activity`, { params: query }).then(data),
  stickies: (clientId: string) => api.get<Activity[]>(`${c(clientId)}/activity/stickies`).then(data),
  create: (clientId: string, body: ActivityCreate) => api.post<Activity>(`${c(clientId)}/activity`, body).then(data),
  update: (clientId: string, id: string, body: ActivityUpdate) => api.put<Activity>(`${c(clientId)}/activity/${id}`, body).then(data),
  remove: (clientId: string, id: string) => api.delete<{ message: string }>(`${c(clientId)}/activity/${id}`).then(data),
};

export const followUpsApi = {
  forClient: (clientId: string) => api.get<FollowUp[]>(`/followups/client/${clientId}`).then(data),
  counts: (query: FollowUpBucketQuery = {}) => api.get<FollowUpCounts>('/followups/counts', { params: query }).then(data),
  bucket: (bucket: FollowUpBucket, query: FollowUpBucketQuery = {}) => api.get<FollowUp[]>(`/followups/${bucket}`, { params: query }).then(data),
  create: (body: FollowUpCreate) => api.post<FollowUp>('/followups', body).then(data),
  update: (id: string, body: FollowUpUpdate) => api.put<FollowUp>(`/followups/${id}`, body).then(data),
  complete: (id: string) => api.put<FollowUp>(`/followups/${id}/complete`).then(data),
  remove: (id: string) => api.delete<{ message: string }>(`/followups/${id}`).then(data),
};

export const tagsApi = {
  list: (query: TagListQuery = { sort: 'name', limit: 100 }) => api.get<Tag[]>('/tags', { params: query }).then(data),
  create: (body: TagInput) => api.post<Tag>('/tags', body).then(data),
  update: (id: string, body: Partial<TagInput>) => api.put<Tag>(`/tags/${id}`, body).then(data),
  remove: (id: string) => api.delete<{ message: string }>(`/tags/${id}`).then(data),
  /** How many clients a dynamic query matches now (admins). */
  count: (body: TagCountInput) => api.post<{ count: number }>('/tags/count', body).then((r) => r.data.count),
  /** Clients carrying the tag, paged like clientsApi.list. */
  assigned: (id: string, query: { after?: string; limit?: number } = {}) => api.get<ClientListResponse>(`/tags/${id}/assigned`, { params: query }).then(data),
  forClient: (clientId: string) => api.get<ClientTag[]>(`${c(clientId)}/tags`).then(data),
  assign: (clientId: string, body: ClientTagsAssign) => api.put<ClientTag[]>(`${c(clientId)}/tags`, body).then(data),
};

export const favoritesApi = {
  list: (userId: string) => api.get<FavoritesResponse>(`/users/${userId}/favorites/client`).then((r) => r.data.clientIds),
  get: (userId: string, clientId: string) => api.get<FavoriteState>(`/users/${userId}/favorites/client/${clientId}`).then(data),
  add: (userId: string, clientId: string) => api.post<FavoriteState>(`/users/${userId}/favorites/client/${clientId}`).then(data),
  remove: (userId: string, clientId: string) => api.delete<FavoriteState>(`/users/${userId}/favorites/client/${clientId}`).then(data),
};

export const valuesApi = {
  list: (key?: string) => api.get<ValueGroup[]>('/values', { params: { key } }).then(data),
  /** Choosing a new option creates it; an existing one is answered as is. */
  add: (key: string, value: string) => api.post<OptionValue>(`/values/${encodeURIComponent(key)}`, { value }).then(data),
  replace: (key: string, body: ValueReplace) => api.post<ValueGroup>(`/values/${encodeURIComponent(key)}/___replace___`, body).then(data),
  remove: (id: string) => api.delete<{ message: string }>(`/values/${id}`).then(data),
};

export const phoneBlockApi = {
  list: () => api.get<BlockedNumber[]>('/phone/block', { params: { sort: '-createdAt' } }).then(data),
  add: (body: BlockedNumberInput) => api.post<BlockedNumber>('/phone/block', body).then(data),
  remove: (id: string) => api.delete<{ message: string }>(`/phone/block/${id}`).then(data),
};

export const vinApi = {
  lookup: (vin: string) => api.get<VinLookup>(`/utilities/lookup/vin/${encodeURIComponent(vin)}`).then(data),
};
