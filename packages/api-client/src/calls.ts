import type {
  Feedback,
  MeResponse,
  IdentityConfirm,
  MfaInitResponse,
  Session,
  SignInBody,
  Training,
  TrainingCreate,
  User,
  UserUpdate,
} from '@agency/contracts';
import { api } from './index';
import { basicAuth as basic, publicApi } from './publicCalls';

/** Calls made with a token other than the session's (a training window opened with a handed-over token). */
const withToken = (token?: string) => (token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);

export const authApi = {
  health: publicApi.health,
  check: publicApi.check,
  signIn: publicApi.signIn,
  /** The unlock variant: re-checks the signed-in user's password from the lock screen; the session stays. */
  unlock: (email: string, password: string, body: SignInBody, token: string) =>
    api.post<Session>('/auth', body, { headers: { Authorization: basic(email, password), 'X-Unlock': token } }).then((r) => r.data),
  signOut: () => api.delete('/auth').then(() => undefined),
  forgotPassword: publicApi.forgotPassword,
  forgotPasswordVerify: publicApi.forgotPasswordVerify,
  /** Setting MFA up again while it is on needs the current password and code. */
  mfaInit: (confirm?: IdentityConfirm) => api.post<MfaInitResponse>('/auth/mfa/init', confirm).then((r) => r.data),
  mfaTurnOff: (confirm: IdentityConfirm) => api.delete<{ message: string }>('/auth/mfa', { data: confirm }).then((r) => r.data),
  mfaVerify: (code: string) => api.post<{ message: string }>('/auth/mfa/verify', { code }).then((r) => r.data),
};

export const usersApi = {
  me: () => api.get<MeResponse>('/users/me').then((r) => r.data),
  update: (id: string, fields: UserUpdate) => api.put<User>(`/users/${id}`, fields).then((r) => r.data),
  changePassword: (id: string, currentPassword: string, password: string) =>
    api.put<{ message: string }>(`/users/${id}/password`, { currentPassword, password }).then((r) => r.data),
  resetPassword: (id: string, password: string) => api.put<{ message: string }>(`/users/${id}/reset-password`, { password }).then((r) => r.data),
  resetMfa: (id: string) => api.put<{ message: string }>(`/users/${id}/reset-mfa`).then((r) => r.data),
  picture: (id: string, avatar: string | null) => api.put<User>(`/users/${id}/picture`, { avatar }).then((r) => r.data),
  list: () => api.get<User[]>('/users').then((r) => r.data),
  ghost: (id: string) => api.post<Session>(`/users/${id}/ghost`).then((r) => r.data),
  unghost: () => api.delete<Session>('/users/ghost').then((r) => r.data),
};

export const trainingsApi = {
  list: (search?: string, count?: number) =>
    api.get<{ trainings: Training[]; total: number }>('/trainings', { params: { search: search || undefined, count } }).then((r) => r.data),
  count: () => api.get<{ count: number }>('/trainings/count').then((r) => r.data.count),
  create: (t: TrainingCreate) => api.post<Training>('/trainings', t).then((r) => r.data),
  get: (id: string, token?: string) => api.get<Training>(`/trainings/${id}`, withToken(token)).then((r) => r.data),
  markViewed: (id: string, token?: string) => api.put(`/trainings/${id}/viewed`, undefined, withToken(token)).then(() => undefined),
};

export const utilitiesApi = {
  feedback: (f: Feedback) => api.post<{ message: string }>('/utilities/feedback', f).then((r) => r.data),
  config: publicApi.config,
};

import type { ChatUploadResponse, Gif } from '@agency/contracts';

/** Team chat's HTTP side: attachments (with upload progress) and GIFs. */
export const chatApi = {
  upload: (roomId: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api
      .post<ChatUploadResponse>(`/utilities/upload/chat/${encodeURIComponent(roomId)}`, form, {
        signal,
        timeout: 0,
        onUploadProgress: (e) => onProgress(e.total ? Math.min(100, Math.round((e.loaded / e.total) * 100)) : 0),
      })
      .then((r) => r.data);
  },
  /** An attachment's bytes (its url is under /api). */
  file: (url: string) => api.get<Blob>(url.replace(/^\/api(?=\/)/, ''), { responseType: 'blob' }).then((r) => r.data),
  gifsConfig: () => api.get<{ configured: boolean }>('/utilities/gifs/config').then((r) => r.data.configured),
  gifs: (q: string, offset = 0) => api.get<{ gifs: Gif[] }>('/utilities/gifs', { params: { q, offset } }).then((r) => r.data.gifs),
  gif: (id: string) => api.get<Gif>(`/utilities/gifs/${encodeURIComponent(id)}`).then((r) => r.data),
};
