import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Slider, Space, Switch, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { locationsApi, usersApi } from '@agency/api-client';
import {
  CALL_FLOW_SAVED,
  callFlowFailed,
  parseCallFlow,
  RING_GROUP_REPEAT,
  RING_GROUP_TIMEOUT,
  type CallFlow,
  type Location,
  type RingGroup,
} from '@agency/contracts';
import { fullName, useLiveQuery } from '@agency/ui';
import { failureText, notifyError, notifySuccess } from '../common/feedback';
import { LocationSettings } from '../common/LocationSettings';
import { SettingsActions } from '../common/SettingsActions';
import { useUnsavedChanges } from '../settings/unsaved';

const newGroup = (): RingGroup => ({ timeout: RING_GROUP_TIMEOUT.default, repeat: RING_GROUP_REPEAT.default, users: [] });

/** The JSON the location keeps, with what this page edits put back over what it does not. */
const stored = (location: Location) => {
  let raw: Record<string, unknown> = {};
  try {
    raw = location.callFlow ? (JSON.parse(location.callFlow) as Record<string, unknown>) : {};
  } catch {
    raw = {};
  }
  return { raw, flow: parseCallFlow(location.callFlow) };
};

function RingGroupCard({ index, group, people, onChange, onRemove }: { index: number; group: RingGroup; people: Array<{ value: string; label: string }>; onChange(g: RingGroup): void; onRemove?: () => void }) {
  const name = `Ring group ${index + 1}`;
  return (
    <Card
      size="small"
      title={name}
      extra={onRemove && <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${name}`} onClick={onRemove} />}
      styles={{ body: { display: 'grid', gap: 12 } }}
    >
      <Form.Item label="Who rings" htmlFor={`group-${index}-users`} style={{ margin: 0 }}>
        <Select
          id={`group-${index}-users`}
          mode="multiple"
          placeholder="Choose people"
          options={people}
          value={group.users.map((u) => u.id)}
          onChange={(ids: string[]) => onChange({ ...group, users: ids.map((id) => group.users.find((u) => u.id === id) ?? { id, format: 'softphone' }) })}
          optionFilterProp="label"
        />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24 }}>
        <div>
          <Typography.Text id={`group-${index}-timeout`}>Ring for {group.timeout} seconds</Typography.Text>
          <Slider aria-labelledby={`group-${index}-timeout`} min={RING_GROUP_TIMEOUT.min} max={RING_GROUP_TIMEOUT.max} value={group.timeout} onChange={(timeout: number) => onChange({ ...group, timeout })} />
        </div>
        <div>
          <Typography.Text id={`group-${index}-repeat`}>
            Repeat {group.repeat} {group.repeat === 1 ? 'time' : 'times'}
          </Typography.Text>
          <Slider aria-labelledby={`group-${index}-repeat`} min={RING_GROUP_REPEAT.min} max={RING_GROUP_REPEAT.max} value={group.repeat} onChange={(repeat: number) => onChange({ ...group, repeat })} />
        </div>
      </div>
    </Card>
  );
}

function CallFlowForm({ accountId, location, saved }: { accountId: string; location: Location; saved: (next: Location) => void }) {
  const [base, setBase] = useState(() => stored(location));
  const [flow, setFlow] = useState<CallFlow>(() => ({ ...base.flow, groups: base.flow.groups.length ? base.flow.groups : [newGroup()] }));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const users = useLiveQuery(usersApi.list).data ?? [];
  const people = users.filter((u) => u.role !== 'super').map((u) => ({ value: u.id, label: fullName(u) }));
  const initial = JSON.stringify({ ...base.flow, groups: base.flow.groups.length ? base.flow.groups : [newGroup()] });
  const dirty = JSON.stringify(flow) !== initial;
  useUnsavedChanges(dirty);
  const set = (patch: Partial<CallFlow>) => setFlow((f) => ({ ...f, ...patch }));
  const voicemail = flow.messages.voicemailMessage;
  const greeting = voicemail?.type === 'text' ? voicemail.message : '';
  const setGroup = (i: number, g: RingGroup) => set({ groups: flow.groups.map((x, j) => (j === i ? g : x)) });

  async function save() {
    setSaving(true);
    setError(null);
    try {
      // Groups that name nobody ring nobody: they are not kept.
      const groups = flow.groups.filter((g) => g.users.length);
      const next = await locationsApi.update(accountId, location.id, { callFlow: JSON.stringify({ ...base.raw, ...flow, groups }) });
      const reread = stored(next);
      setBase(reread);
      setFlow({ ...reread.flow, groups: reread.flow.groups.length ? reread.flow.groups : [newGroup()] });
      saved(next);
      notifySuccess(CALL_FLOW_SAVED);
    } catch (err) {
      const text = callFlowFailed(failureText(err));
      setError(text);
      notifyError(text);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form layout="vertical" onFinish={() => void save()}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Tabs
        items={[
          {
            key: 'inbound',
            label: 'Inbound',
            children: (
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  Calls to this location&apos;s numbers ring each group in turn, each for its seconds and as many times as it repeats. With no group, everyone at the location rings.
                </Typography.Paragraph>
                {flow.groups.map((g, i) => (
                  <RingGroupCard key={i} index={i} group={g} people={people} onChange={(next) => setGroup(i, next)} onRemove={flow.groups.length > 1 ? () => set({ groups: flow.groups.filter((_, j) => j !== i) }) : undefined} />
                ))}
                <Button icon={<PlusOutlined />} onClick={() => set({ groups: [...flow.groups, newGroup()] })} disabled={flow.groups.length >= 20}>
                  Add Ring Group
                </Button>
                <Form.Item label="Ring only people who are available" htmlFor="ringWhenAvailable" style={{ margin: 0 }}>
                  <Switch id="ringWhenAvailable" checked={flow.ringWhenAvailable} onChange={(ringWhenAvailable) => set({ ringWhenAvailable })} />
                </Form.Item>
                <Form.Item label="Voicemail greeting" htmlFor="voicemailGreeting" extra="Read to callers nobody answered, before they leave a message. Leave it empty for no voicemail." style={{ margin: 0 }}>
                  <Input.TextArea
                    id="voicemailGreeting"
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    maxLength={1000}
                    value={greeting}
                    onChange={(e) => set({ messages: { ...flow.messages, voicemailMessage: e.target.value.trim() ? { type: 'text', message: e.target.value } : { type: 'disabled' } } })}
                  />
                </Form.Item>
                <Form.Item label="Record incoming calls" htmlFor="recordCalls" style={{ margin: 0 }}>
                  <Switch id="recordCalls" checked={flow.recordCalls} onChange={(recordCalls) => set({ recordCalls })} />
                </Form.Item>
              </Space>
            ),
          },
          {
            key: 'outbound',
            label: 'Outbound',
            children: (
              <Form.Item label="Record Calls" htmlFor="outboundRecording" extra="Calls placed from this location's numbers.">
                <Select
                  id="outboundRecording"
                  style={{ maxWidth: 240 }}
                  value={flow.outbound.recording.format === 'disabled' ? 'disabled' : 'all'}
                  onChange={(format: 'disabled' | 'all') => set({ outbound: { recording: { format } } })}
                  options={[
                    { value: 'disabled', label: 'Disabled' },
                    { value: 'all', label: 'All calls' },
                  ]}
                />
              </Form.Item>
            ),
          },
          {
            key: 'global',
            label: 'Global',
            children: (
              <Form.Item label="Default Voice" htmlFor="defaultVoice" extra="The voice that reads this location's messages to callers.">
                <Select
                  id="defaultVoice"
                  style={{ maxWidth: 240 }}
                  value={flow.voice}
                  onChange={(voice: 'man' | 'woman') => set({ voice })}
                  options={[
                    { value: 'woman', label: 'Woman' },
                    { value: 'man', label: 'Man' },
                  ]}
                />
              </Form.Item>
            ),
          },
        ]}
      />
      <SettingsActions dirty={dirty} saving={saving} onReset={() => setFlow({ ...base.flow, groups: base.flow.groups.length ? base.flow.groups : [newGroup()] })} />
    </Form>
  );
}

/** /account/settings/call-settings: each location's ring groups, recording and voice (spec 002 "Call settings"). */
export function CallSettingsPage() {
  return (
    <LocationSettings title="Call Settings">
      {(location, saved, accountId) => <CallFlowForm accountId={accountId} location={location} saved={saved} />}
    </LocationSettings>
  );
}
