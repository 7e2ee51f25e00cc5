import type { WalkIn, WalkInCreate, WalkInUpdate } from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;

export const walkInsApi = {
  list: () => api.get<WalkIn[]>('/walkins').then(data),
  checkIn: (body: WalkInCreate) => api.post<WalkIn>('/walkins', body).then(data),
  update: (id: string, body: WalkInUpdate) => api.put<WalkIn>(`/walkins/${id}`, body).then(data),
};
