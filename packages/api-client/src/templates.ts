import type { MessageTemplate, TemplateFormat, TemplateInput, TemplateUpdate } from '@agency/contracts';
import { api } from './index';

export const templatesApi = {
  /** The team's templates of a format and the caller's personal ones, by name. */
  list: (format: TemplateFormat = 'message') => api.get<MessageTemplate[]>(`/templates/${format}`).then((r) => r.data),
  create: (body: TemplateInput & { format: TemplateFormat }) => api.post<MessageTemplate>(`/templates/${body.format}`, body).then((r) => r.data),
  update: (id: string, body: TemplateUpdate) => api.put<MessageTemplate>(`/templates/${id}`, body).then((r) => r.data),
  remove: (id: string) => api.delete<{ message: string }>(`/templates/${id}`).then((r) => r.data),
};
