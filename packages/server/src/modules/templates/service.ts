import { randomUUID } from 'node:crypto';
import { isAdminRole, TEMPLATE_MESSAGES, type MessageTemplate, type TemplateFormat, type TemplateInput, type TemplateUpdate } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import type { AuthContext } from '../../http/context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { iso } from '../../db/sql';

interface TemplateRow {
  id: string;
  account_id: string;
  user_id: string | null;
  format: TemplateFormat;
  group: 'team' | 'personal';
  name: string;
  template: string;
  updated_at: Date | string;
}
const COLUMNS = 'id, account_id, user_id, format, "group", name, template, updated_at';

const toTemplate = (r: TemplateRow): MessageTemplate => ({
  id: r.id,
  name: r.name,
  template: r.template,
  group: r.group,
  format: r.format,
  userId: r.user_id,
  updatedAt: iso(r.updated_at)!,
});

const duplicate = (err: unknown, name: string) => ((err as { code?: string }).code === '23505' ? conflict(TEMPLATE_MESSAGES.duplicate(name)) : err);

/** The team's templates of a format and the caller's own personal ones, by name. */
export async function listTemplates(q: Queryable, who: AuthContext, format: TemplateFormat): Promise<MessageTemplate[]> {
  const rows = await q.query<TemplateRow>(
    `select ${COLUMNS} from message_templates
      where account_id = $1 and format = $2 and (user_id is null or user_id = $3)
      order by lower(name), "group" desc`,
    [who.accountId, format, who.userId],
  );
  return rows.map(toTemplate);
}

/** A template the caller may see; another account's or another user's personal template is not found. */
async function visible(q: Queryable, who: AuthContext, id: string): Promise<TemplateRow> {
  const [row] = await q.query<TemplateRow>(`select ${COLUMNS} from message_templates where id = $1 and account_id = $2 and (user_id is null or user_id = $3)`, [
    id,
    who.accountId,
    who.userId,
  ]);
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
  return row;
}

function mayManage(who: AuthContext, group: 'team' | 'personal') {
  if (group === 'team' && !isAdminRole(who.role)) throw forbidden(TEMPLATE_MESSAGES.teamForAdmins);
}

type Parsed = Required<Pick<TemplateInput, 'name' | 'template' | 'group'>>;

export async function createTemplate(q: Queryable, who: AuthContext, format: TemplateFormat, input: Parsed): Promise<MessageTemplate> {
  mayManage(who, input.group);
  const id = randomUUID();
  try {
    await q.query(`insert into message_templates (id, account_id, user_id, format, "group", name, template) values ($1, $2, $3, $4, $5, $6, $7)`, [
      id,
      who.accountId,
      input.group === 'team' ? null : who.userId,
      format,
      input.group,
      input.name,
      input.template,
    ]);
  } catch (err) {
    throw duplicate(err, input.name);
  }
  return toTemplate(await visible(q, who, id));
}

export async function updateTemplate(q: Queryable, who: AuthContext, id: string, input: TemplateUpdate): Promise<MessageTemplate> {
  const row = await visible(q, who, id);
  mayManage(who, row.group);
  const name = input.name ?? row.name;
  try {
    await q.query('update message_templates set name = $3, template = $4, updated_at = now() where id = $1 and account_id = $2', [
      id,
      who.accountId,
      name,
      input.template ?? row.template,
    ]);
  } catch (err) {
    throw duplicate(err, name);
  }
  return toTemplate(await visible(q, who, id));
}

export async function deleteTemplate(q: Queryable, who: AuthContext, id: string): Promise<void> {
  const row = await visible(q, who, id);
  mayManage(who, row.group);
  await q.query('delete from message_templates where id = $1 and account_id = $2', [id, who.accountId]);
}

/** The demo agency's two team templates. */
export const DEMO_TEMPLATES = [
  { name: 'Policy Renewal Reminder', template: 'Hi {{firstName}}, your policy renews soon. Reply or call us to review your coverage before it does.' },
  { name: 'Welcome', template: 'Welcome {{firstName}} {{lastName}}! Thank you for choosing us. Save this number to reach your agent any time.' },
] as const;

export async function seedDemoTemplates(q: Queryable, accountId: string): Promise<void> {
  for (const t of DEMO_TEMPLATES) {
    await q.query(`insert into message_templates (id, account_id, user_id, format, "group", name, template) values ($1, $2, null, 'message', 'team', $3, $4)`, [
      randomUUID(),
      accountId,
      t.name,
      t.template,
    ]);
  }
}
