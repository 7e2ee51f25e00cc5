import { Form, Input, Select } from 'antd';
import { bus } from '@agency/bus';
import { FOLLOWUP_NOTE_MAX, REMINDER_OPTIONS, type FollowUp, type FollowUpAssignTo, type FollowUpCreate } from '@agency/contracts';
import { followUpsApi } from '@agency/api-client';
import { FormDialog, useObservable, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useUsers, userLabel } from '../common/useUsers';
import { useContact } from '../detail/ContactContext';
import { followUpTimeError, nextSlot, toLocalInput } from './time';

interface Values {
  assignTo: Exclude<FollowUpAssignTo, 'none'>;
  user?: string;
  when: string;
  reminderAt: number | 'none';
  note?: string;
}

export const REMINDER_LABELS: Record<string, string> = {
  none: 'No reminder',
  0: 'At scheduled time',
  15: '15 minutes before',
  30: '30 minutes before',
  45: '45 minutes before',
  60: '60 minutes before',
};

/** Follow Up: who (team, a peer, myself), when (not earlier than now, 15-minute steps), a reminder and a note. */
export function FollowUpDialog({ open, followUp, onClose, onSaved }: { open: boolean; followUp?: FollowUp | null; onClose: () => void; onSaved?: () => void }) {
  const { id, reload } = useContact();
  const session = useObservable(bus.session$);
  const users = useUsers();
  const me = session?.user.id;
  const submit = async (v: Values) => {
    const body: FollowUpCreate = {
      assignTo: v.assignTo,
      user: v.assignTo === 'peer' ? v.user : v.assignTo === 'self' ? me : null,
      date: new Date(v.when).toISOString(),
      reminderAt: v.reminderAt === 'none' ? null : v.reminderAt,
      note: v.note ?? '',
      isActive: true,
      client: id,
    };
    if (followUp) await withToasts(followUpsApi.update(followUp.id, body), MSG.followUpUpdated, MSG.followUpFailed);
    else await withToasts(followUpsApi.create(body), MSG.followUpAdded, MSG.followUpFailed);
    await reload();
    onSaved?.();
  };
  const initial: Partial<Values> = followUp
    ? {
        assignTo: followUp.assignTo === 'none' ? 'self' : followUp.assignTo,
        user: followUp.user ?? undefined,
        when: toLocalInput(new Date(followUp.date)),
        reminderAt: followUp.reminderAt ?? 'none',
        note: followUp.note,
      }
    : { assignTo: 'self', when: toLocalInput(nextSlot()), reminderAt: 15 };
  return (
    <FormDialog<Values> open={open} title="Follow Up" okText={followUp ? 'Update' : 'Save'} initialValues={initial} onSubmit={submit} onClose={onClose}>
      {(form) => (
        <>
          <Form.Item name="assignTo" label="Assign To">
            <Select
              options={[
                { value: 'self', label: 'Myself' },
                { value: 'team', label: 'Team' },
                { value: 'peer', label: 'A Peer' },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.assignTo !== b.assignTo}>
            {() =>
              form.getFieldValue('assignTo') === 'peer' ? (
                <Form.Item name="user" label="Peer" rules={[{ required: true, message: 'Choose a peer' }]}>
                  <Select showSearch optionFilterProp="label" options={users.filter((u) => u.id !== me).map((u) => ({ value: u.id, label: userLabel(u) }))} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item
            name="when"
            label="Date"
            rules={[
              {
                validator: (_r, value: string | undefined) => {
                  const error = followUpTimeError(value);
                  return error ? Promise.reject(new Error(error)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input type="datetime-local" step={900} min={toLocalInput(nextSlot())} />
          </Form.Item>
          <Form.Item name="reminderAt" label="Reminder">
            <Select options={(['none', ...REMINDER_OPTIONS] as const).map((r) => ({ value: r, label: REMINDER_LABELS[String(r)] }))} />
          </Form.Item>
          <Form.Item name="note" label="Note">
            <Input.TextArea maxLength={FOLLOWUP_NOTE_MAX} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
