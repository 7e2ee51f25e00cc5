import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Slider, Space, Steps, Switch, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { locationsApi, usersApi } from '@agency/api-client';
import {
  CALL_FLOW_SAVED,
  callFlowFailed,
  HOLD_MUSIC,
  HOLD_MUSIC_GROUPS,
  QUEUE_MAX_WAIT,
  ivrKey,
  ivrMenuText,
  parseCallFlow,
  RING_GROUP_REPEAT,
  RING_GROUP_TIMEOUT,
  type CallFlow,
  type FlowMessage,
  type Location,
  type RingFormat,
  type RingGroup,
} from '@agency/contracts';
import { failureText, formatPhone, fullName, notifyError, notifySuccess, useLiveQuery } from '@agency/ui';
import { LocationSettings } from '../common/LocationSettings';
import { SettingsActions } from '../common/SettingsActions';
import { useUnsavedChanges } from '../settings/unsaved';
import { FlowMessageField } from '../common/FlowMessageField';

/** A message typed on this page: text, or none when left empty. */
const textMessage = (value: string): FlowMessage => (value.trim() ? { type: 'text', message: value } : { type: 'disabled' });
const messageText = (message: FlowMessage | undefined) => (message?.type === 'text' ? message.message : '');

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

interface Person {
  value: string;
  label: string;
  /** The phone on their profile (digits), if any. */
  phone: string | null;
}

const OTHER_NUMBER = 'number';

/** Where one member of a ring group is rung: their browser phone, their profile's phone, or a number typed here. */
function RingFormat({ id, person, format, onChange }: { id: string; person: Person; format: RingFormat; onChange(format: RingFormat): void }) {
  const [other, setOther] = useState(format !== 'softphone' && format !== 'mobile');
  const [typed, setTyped] = useState(other ? formatPhone(format) : '');
  const digits = typed.replace(/\D/g, '');
  const number = digits.length === 10 ? `1${digits}` : digits;
  const invalid = other && typed !== '' && !/^1\d{10}$/.test(number);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <Typography.Text style={{ flex: '1 1 120px', minWidth: 0 }}>{person.label}</Typography.Text>
      <Select
        style={{ flex: '0 1 200px', minWidth: 160 }}
        id={id}
        aria-label={`${person.label} rings on`}
        value={other ? OTHER_NUMBER : format}
        onChange={(v: string) => {
          setOther(v === OTHER_NUMBER);
          // Until a whole number is typed the member keeps ringing where they did.
          if (v !== OTHER_NUMBER) onChange(v as RingFormat);
          else if (/^1\d{10}$/.test(number)) onChange(number);
        }}
        options={[
          { value: 'softphone', label: 'Browser phone' },
          { value: 'mobile', label: person.phone ? `Mobile ${formatPhone(person.phone)}` : 'Mobile (none on profile)', disabled: !person.phone },
          { value: OTHER_NUMBER, label: 'Another number' },
        ]}
      />
      {other && (
        <Input
          style={{ flex: '1 1 160px' }}
          aria-label={`${person.label} ring number`}
          placeholder="+1-512-555-0100"
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            const d = e.target.value.replace(/\D/g, '');
            const n = d.length === 10 ? `1${d}` : d;
            if (/^1\d{10}$/.test(n)) onChange(n);
          }}
        />
      )}
    </div>
  );
}

function RingGroupCard({
  index,
  group,
  people,
  onChange,
  onRemove,
}: {
  index: number;
  group: RingGroup;
  people: Person[];
  onChange(g: RingGroup): void;
  onRemove?: () => void;
}) {
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
      {group.users.length > 0 && (
        <div role="group" aria-label={`${name} rings on`} style={{ display: 'grid', gap: 6 }}>
          {group.users.map((u, i) => {
            const person = people.find((p) => p.value === u.id);
            return person ? (
              <RingFormat
                key={u.id}
                id={`group-${index}-format-${i}`}
                person={person}
                format={u.format}
                onChange={(format) => onChange({ ...group, users: group.users.map((x) => (x.id === u.id ? { ...x, format } : x)) })}
              />
            ) : null;
          })}
        </div>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 24 }}>
        <div>
          <Typography.Text id={`group-${index}-timeout`}>Ring for {group.timeout} seconds</Typography.Text>
          <Slider
            aria-labelledby={`group-${index}-timeout`}
            min={RING_GROUP_TIMEOUT.min}
            max={RING_GROUP_TIMEOUT.max}
            value={group.timeout}
            onChange={(timeout: number) => onChange({ ...group, timeout })}
          />
        </div>
        <div>
          <Typography.Text id={`group-${index}-repeat`}>
            Repeat {group.repeat} {group.repeat === 1 ? 'time' : 'times'}
          </Typography.Text>
          <Slider
            aria-labelledby={`group-${index}-repeat`}
            min={RING_GROUP_REPEAT.min}
            max={RING_GROUP_REPEAT.max}
            value={group.repeat}
            onChange={(repeat: number) => onChange({ ...group, repeat })}
          />
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
  const people: Person[] = users.filter((u) => u.role !== 'super').map((u) => ({ value: u.id, label: fullName(u), phone: u.phone ?? null }));
  const initial = JSON.stringify({ ...base.flow, groups: base.flow.groups.length ? base.flow.groups : [newGroup()] });
  const dirty = JSON.stringify(flow) !== initial;
  useUnsavedChanges(dirty);
  const set = (patch: Partial<CallFlow>) => setFlow((f) => ({ ...f, ...patch }));
  // The step being edited: 'main' or a named group's key.
  const [step, setStep] = useState('main');
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const named = Object.entries(flow.ivr).sort(([, a], [, b]) => a.extension.localeCompare(b.extension));
  const current = step === 'main' || !flow.ivr[step] ? 'main' : step;
  const groups = current === 'main' ? flow.groups : flow.ivr[current]!.groups;
  const setGroups = (next: RingGroup[]) =>
    current === 'main' ? set({ groups: next }) : set({ ivr: { ...flow.ivr, [current]: { ...flow.ivr[current]!, groups: next } } });
  const setGroup = (i: number, g: RingGroup) => setGroups(groups.map((x, j) => (j === i ? g : x)));
  const freeExtensions = (keep?: string) =>
    ['1', '2', '3', '4', '5', '6', '7', '8', '9'].filter((d) => d === keep || !Object.values(flow.ivr).some((g) => g.extension === d));

  function createGroup() {
    const label = newName.trim();
    const key = ivrKey(label);
    if (!label) return setNameError('A group needs a name');
    if (key === 'main' || flow.ivr[key]) return setNameError('A group by that name exists');
    const extension = freeExtensions()[0];
    if (!extension) return setNameError('Every extension, 1 to 9, is taken');
    set({ ivr: { ...flow.ivr, [key]: { label, extension, groups: [newGroup()] } } });
    setNewName('');
    setNameError(null);
    setStep(key);
  }
  function deleteGroup(key: string) {
    const next = { ...flow.ivr };
    delete next[key];
    set({ ivr: next });
    setStep('main');
  }

  async function save() {
    setSaving(true);
    setError(null);
    try {
      // Groups that name nobody ring nobody: they are not kept.
      const kept = (list: RingGroup[]) => list.filter((g) => g.users.length);
      const ivr = Object.fromEntries(Object.entries(flow.ivr).map(([k, g]) => [k, { ...g, groups: kept(g.groups) }]));
      const next = await locationsApi.update(accountId, location.id, { callFlow: JSON.stringify({ ...base.raw, ...flow, groups: kept(flow.groups), ivr }) });
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
                  Calls to this location&apos;s numbers ring each group in turn, each for its seconds and as many times as it repeats. With no group, everyone
                  at the location rings. Named groups make a menu: callers press a group&apos;s extension to ring its people.
                </Typography.Paragraph>
                <Form.Item
                  label="Create Group"
                  htmlFor="createGroup"
                  validateStatus={nameError ? 'error' : undefined}
                  help={nameError ?? undefined}
                  style={{ margin: 0 }}
                >
                  <Space.Compact style={{ maxWidth: 360, width: '100%' }}>
                    <Input
                      id="createGroup"
                      placeholder="Sales"
                      maxLength={40}
                      value={newName}
                      onChange={(e) => setNewName(e.target.value)}
                      onPressEnter={(e) => {
                        e.preventDefault();
                        createGroup();
                      }}
                    />
                    <Button icon={<PlusOutlined />} onClick={createGroup}>
                      Add
                    </Button>
                  </Space.Compact>
                </Form.Item>
                {named.length > 0 && (
                  <>
                    <Steps
                      type="navigation"
                      size="small"
                      current={current === 'main' ? 0 : named.findIndex(([k]) => k === current) + 1}
                      onChange={(i) => setStep(i === 0 ? 'main' : named[i - 1]![0])}
                      items={[{ title: 'Main' }, ...named.map(([, g]) => ({ title: `${g.label} · ${g.extension}` }))]}
                    />
                    <Typography.Text type="secondary">Callers hear: “{ivrMenuText(flow)}”</Typography.Text>
                  </>
                )}
                {current !== 'main' && (
                  <Space wrap>
                    <Form.Item label="Extension" htmlFor="groupExtension" style={{ margin: 0 }}>
                      <Select
                        id="groupExtension"
                        style={{ width: 100 }}
                        value={flow.ivr[current]!.extension}
                        options={freeExtensions(flow.ivr[current]!.extension).map((d) => ({ value: d, label: d }))}
                        onChange={(extension: string) => set({ ivr: { ...flow.ivr, [current]: { ...flow.ivr[current]!, extension } } })}
                      />
                    </Form.Item>
                    <Button danger icon={<DeleteOutlined />} onClick={() => deleteGroup(current)} style={{ alignSelf: 'flex-end' }}>
                      Delete {flow.ivr[current]!.label}
                    </Button>
                  </Space>
                )}
                {groups.map((g, i) => (
                  <RingGroupCard
                    key={`${current}-${i}`}
                    index={i}
                    group={g}
                    people={people}
                    onChange={(next) => setGroup(i, next)}
                    onRemove={groups.length > 1 ? () => setGroups(groups.filter((_, j) => j !== i)) : undefined}
                  />
                ))}
                <Button icon={<PlusOutlined />} onClick={() => setGroups([...groups, newGroup()])} disabled={groups.length >= 20}>
                  Add Ring Group
                </Button>
                <Form.Item label="Ring only people who are available" htmlFor="ringWhenAvailable" style={{ margin: 0 }}>
                  <Switch id="ringWhenAvailable" checked={flow.ringWhenAvailable} onChange={(ringWhenAvailable) => set({ ringWhenAvailable })} />
                </Form.Item>
                <FlowMessageField
                  id="welcomeMessage"
                  label="Welcome message"
                  extra="Said to every caller as the call is answered."
                  value={flow.messages.welcomeMessage}
                  onChange={(welcomeMessage) => set({ messages: { ...flow.messages, welcomeMessage } })}
                />
                <FlowMessageField
                  id="voicemailGreeting"
                  label="Voicemail greeting"
                  extra="Played to callers nobody answered, before they leave a message. Disabled means no voicemail."
                  value={flow.messages.voicemailMessage}
                  onChange={(voicemailMessage) => set({ messages: { ...flow.messages, voicemailMessage } })}
                />
                <Form.Item
                  label="Voicemail text"
                  htmlFor="voicemailSMS"
                  extra="Texted to callers whose call went to voicemail. Leave it empty to send nothing."
                  style={{ margin: 0 }}
                >
                  <Input.TextArea
                    id="voicemailSMS"
                    autoSize={{ minRows: 1, maxRows: 3 }}
                    maxLength={320}
                    showCount
                    value={messageText(flow.messages.voicemailSMS)}
                    onChange={(e) => set({ messages: { ...flow.messages, voicemailSMS: textMessage(e.target.value) } })}
                  />
                </Form.Item>
                <Form.Item
                  label="Call queue"
                  htmlFor="queueEnabled"
                  extra="Callers nobody answered wait on hold, with the hold music, until someone takes the next call."
                  style={{ margin: 0 }}
                >
                  <Switch id="queueEnabled" checked={flow.queue.enabled} onChange={(enabled) => set({ queue: { ...flow.queue, enabled } })} />
                </Form.Item>
                {flow.queue.enabled && (
                  <Form.Item
                    label="Longest wait (seconds)"
                    htmlFor="queueMaxWait"
                    extra={`After this long on hold the caller goes to voicemail (${QUEUE_MAX_WAIT.min} to ${QUEUE_MAX_WAIT.max}).`}
                    style={{ margin: 0 }}
                  >
                    <InputNumber
                      id="queueMaxWait"
                      min={QUEUE_MAX_WAIT.min}
                      max={QUEUE_MAX_WAIT.max}
                      step={30}
                      precision={0}
                      value={flow.queue.maxWait}
                      onChange={(maxWait) => typeof maxWait === 'number' && set({ queue: { ...flow.queue, maxWait } })}
                    />
                  </Form.Item>
                )}
                <Form.Item label="Record incoming calls" htmlFor="recordCalls" style={{ margin: 0 }}>
                  <Switch id="recordCalls" checked={flow.recordCalls} onChange={(recordCalls) => set({ recordCalls })} />
                </Form.Item>
                {flow.recordCalls && (
                  <FlowMessageField
                    id="recordCallMessage"
                    label="Recording notice"
                    extra="Said to callers before a recorded call rings."
                    value={flow.messages.recordCallMessage}
                    onChange={(recordCallMessage) => set({ messages: { ...flow.messages, recordCallMessage } })}
                  />
                )}
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
              <>
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
                <Form.Item label="Hold Music" htmlFor="holdMusic" extra="What callers hear while they wait in the queue.">
                  <Select
                    id="holdMusic"
                    showSearch={{ optionFilterProp: 'label' }}
                    style={{ maxWidth: 320 }}
                    value={flow.holdMusic}
                    onChange={(holdMusic: string) => set({ holdMusic })}
                    options={HOLD_MUSIC_GROUPS.map((group) => ({
                      label: group,
                      title: group,
                      options: HOLD_MUSIC.filter((t) => t.group === group).map((t) => ({ value: t.id, label: t.title })),
                    }))}
                  />
                </Form.Item>
              </>
            ),
          },
        ]}
      />
      <SettingsActions
        dirty={dirty}
        saving={saving}
        onReset={() => setFlow({ ...base.flow, groups: base.flow.groups.length ? base.flow.groups : [newGroup()] })}
      />
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
