import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Skeleton, Space, Steps, Switch, Typography } from 'antd';
import moment from 'moment-timezone';
import { campaignsApi, clientsApi, errorMessage, tagsApi, templatesApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_OCCURRENCES,
  CAMPAIGN_START_STEP_MINUTES,
  MESSAGE_PLACEHOLDERS,
  campaignStepsComplete,
  fillTemplate,
  occurrenceWord,
  placeholderValues,
  resetForOccurrence,
  smsCount,
  type Campaign,
  type CampaignAudience,
  type CampaignInput,
  type Tag,
} from '@agency/contracts';
import { notifyError, notifySuccess, useLiveQuery, useObservable } from '@agency/ui';
import { MonthPreview } from './MonthPreview';
import { MONTHS, OCCURRENCE_LABELS, WEEKDAYS } from './schedule';

/** What the wizard edits: the campaign's fields, the start as local wall time in the account's zone. */
interface Draft extends Omit<Campaign, 'id' | 'jobsRan' | 'nextRunOn' | 'createdAt' | 'updatedAt' | 'updatedBy' | 'scheduleStartOn' | 'scheduleOccurrence'> {
  scheduleOccurrence: Campaign['scheduleOccurrence'] | null;
  startLocal: string;
}
const LOCAL = 'YYYY-MM-DDTHH:mm';

/** The next half hour in the zone, as the start's first offer. */
const nextHalfHour = (timezone: string) => {
  const t = moment.tz(timezone).add(1, 'minute').seconds(0).milliseconds(0);
  t.minutes(Math.ceil(t.minutes() / CAMPAIGN_START_STEP_MINUTES) * CAMPAIGN_START_STEP_MINUTES);
  return t.format(LOCAL);
};

const blank = (timezone: string): Draft => ({
  name: '',
  description: '',
  format: 'sms',
  content: '',
  targetWhom: 'both',
  targetTags: [],
  scheduleOccurrence: null,
  scheduleInterval: null,
  scheduleIntervalOn: null,
  scheduleEndFormat: 'never',
  scheduleEndValue: null,
  isActive: true,
  startLocal: nextHalfHour(timezone),
});

const fromCampaign = (c: Campaign, timezone: string): Draft => ({
  name: c.name,
  description: c.description,
  format: c.format,
  content: c.content,
  targetWhom: c.targetWhom,
  targetTags: c.targetTags,
  scheduleOccurrence: c.scheduleOccurrence,
  scheduleInterval: c.scheduleInterval,
  scheduleIntervalOn: c.scheduleIntervalOn,
  scheduleEndFormat: c.scheduleEndFormat,
  scheduleEndValue: c.scheduleEndValue,
  isActive: c.isActive,
  startLocal: moment(c.scheduleStartOn).tz(timezone).format(LOCAL),
});

const toInput = (d: Draft, timezone: string): CampaignInput => ({
  format: d.format,
  name: d.name,
  description: d.description,
  targetTags: d.targetTags,
  targetWhom: d.targetWhom,
  content: d.content,
  isActive: d.isActive,
  scheduleOccurrence: d.scheduleOccurrence ?? 'once',
  scheduleInterval: d.scheduleInterval,
  scheduleIntervalOn: d.scheduleIntervalOn,
  scheduleStartOn: moment.tz(d.startLocal, LOCAL, timezone).toISOString(),
  scheduleEndFormat: d.scheduleEndFormat,
  scheduleEndValue: d.scheduleEndValue,
});

/** The step the wizard may move to: back always, forward only over complete steps. */
export function canGo(complete: boolean[], from: number, to: number): boolean {
  if (to <= from) return true;
  for (let i = from; i < to; i++) if (!complete[i]) return false;
  return true;
}

const STEP_TITLES = ['Campaign', 'Target', 'Content', 'Schedule'];

function InfoStep({ draft, set }: { draft: Draft; set(p: Partial<Draft>): void }) {
  return (
    <Form layout="vertical" style={{ maxWidth: 560 }}>
      <Form.Item label="Name" htmlFor="campaign-name" required>
        <Input id="campaign-name" value={draft.name} maxLength={200} onChange={(e) => set({ name: e.target.value })} autoFocus />
      </Form.Item>
      <Form.Item label="Description" htmlFor="campaign-description">
        <Input.TextArea id="campaign-description" value={draft.description} rows={3} maxLength={2000} onChange={(e) => set({ description: e.target.value })} />
      </Form.Item>
      <Form.Item label="Active" htmlFor="campaign-active">
        <Switch id="campaign-active" checked={draft.isActive} onChange={(isActive) => set({ isActive })} />
      </Form.Item>
    </Form>
  );
}

function TargetStep({ draft, set, tags }: { draft: Draft; set(p: Partial<Draft>): void; tags: Tag[] | null }) {
  const [audience, setAudience] = useState<CampaignAudience | null>(null);
  useEffect(() => {
    if (!draft.targetTags.length) {
      setAudience(null);
      return;
    }
    const abort = new AbortController();
    campaignsApi.audience(draft.targetTags, draft.targetWhom, { signal: abort.signal }).then(setAudience, () => undefined);
    return () => abort.abort();
  }, [draft.targetTags, draft.targetWhom]);
  return (
    <Form layout="vertical" style={{ maxWidth: 560 }}>
      <Form.Item label="Tags" htmlFor="campaign-tags" required>
        <Select
          id="campaign-tags"
          mode="multiple"
          loading={tags === null}
          value={draft.targetTags}
          placeholder="Choose the tags whose clients get it"
          showSearch={{ optionFilterProp: 'label' }}
          options={(tags ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.assigned})` }))}
          onChange={(targetTags: string[]) => set({ targetTags })}
        />
      </Form.Item>
      <Form.Item label="Target Audience">
        <Radio.Group
          aria-label="Target Audience"
          value={draft.targetWhom}
          onChange={(e) => set({ targetWhom: e.target.value })}
          options={[
            { value: 'client', label: 'Client' },
            { value: 'subClient', label: 'Sub Client' },
            { value: 'both', label: 'Both' },
          ]}
        />
      </Form.Item>
      {audience && (
        <Alert
          type={audience.recipients ? 'info' : 'warning'}
          showIcon
          data-testid="audience"
          title={`${audience.recipients} ${audience.recipients === 1 ? 'person' : 'people'} will get this text`}
          description={`Not texted: ${audience.noMobile} without a mobile number, ${audience.optedOut} opted out.`}
        />
      )}
    </Form>
  );
}

function ContentStep({ draft, set }: { draft: Draft; set(p: Partial<Draft>): void }) {
  const templateList = useLiveQuery(() => templatesApi.list('message'));
  const templates = templateList.data ?? [];
  useEffect(() => {
    if (templateList.error) notifyError(CAMPAIGN_MESSAGES.noTemplate('message'));
  }, [templateList.error]);
  const sampled = useLiveQuery(
    draft.targetTags.length
      ? () =>
          campaignsApi
            .audience(draft.targetTags, draft.targetWhom)
            .then((a) => (a.sample ? clientsApi.full(a.sample.clientId).then((full) => ({ full, level: a.sample!.level })) : null))
      : null,
    null,
    [draft.targetTags, draft.targetWhom],
  );
  const sample = draft.targetTags.length ? (sampled.data ?? null) : null;
  const count = smsCount(draft.content);
  const preview = useMemo(() => {
    if (!sample) return null;
    const c = sample.full.client;
    const address = sample.full.addresses.find((a) => a.type === 'Physical') ?? sample.full.addresses[0] ?? null;
    const person =
      sample.level === 'secondary'
        ? {
            firstName: c.coFirstName,
            preferredFirstName: c.coPreferredFirstName,
            lastName: c.coLastName || c.lastName,
            phone: c.coPhone,
            mobilePhone: c.coMobilePhone,
            address,
          }
        : { firstName: c.firstName, preferredFirstName: c.preferredFirstName, lastName: c.lastName, phone: c.phone, mobilePhone: c.mobilePhone, address };
    return fillTemplate(draft.content, placeholderValues(person));
  }, [sample, draft.content]);

  return (
    <Flex gap={24} wrap>
      <Form layout="vertical" style={{ flex: '1 1 420px', maxWidth: 620 }}>
        <Form.Item label="Template" htmlFor="campaign-template">
          <Select
            id="campaign-template"
            placeholder="Start from a template"
            value={null}
            options={templates.map((t) => ({ value: t.id, label: t.name }))}
            onChange={(id) => {
              const t = templates.find((x) => x.id === id);
              if (t) set({ content: t.template });
            }}
            notFoundContent="No message templates yet"
          />
        </Form.Item>
        <Form.Item
          label="Message"
          htmlFor="campaign-content"
          required
          extra={
            <span data-testid="segments">
              {count.units} characters · {count.segments} {count.segments === 1 ? 'segment' : 'segments'} ·{' '}
              {count.encoding === 'gsm' ? 'GSM-7' : 'UCS-2 (Unicode)'}
            </span>
          }
        >
          <Input.TextArea id="campaign-content" rows={5} maxLength={1600} value={draft.content} onChange={(e) => set({ content: e.target.value })} />
        </Form.Item>
        <Space wrap size={4}>
          <Typography.Text type="secondary">Insert:</Typography.Text>
          {MESSAGE_PLACEHOLDERS.map((p) => (
            <Button key={p.name} size="small" onClick={() => set({ content: `${draft.content}{{${p.name}}}` })} aria-label={`Insert ${p.label}`}>
              {p.label}
            </Button>
          ))}
        </Space>
      </Form>
      <Card size="small" title="Preview" style={{ flex: '1 1 280px', maxWidth: 360, alignSelf: 'flex-start' }}>
        {preview !== null ? (
          <>
            <Typography.Paragraph data-testid="content-preview" style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
              {preview || ' '}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              As {sample?.level === 'secondary' ? sample.full.client.coFirstName : sample?.full.client.firstName} would read it
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">Choose tags with a reachable client to see the text filled in.</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}

function ScheduleStep({ draft, set, timezone }: { draft: Draft; set(p: Partial<Draft>): void; timezone: string }) {
  const occ = draft.scheduleOccurrence;
  const start = moment.tz(draft.startLocal, LOCAL, timezone);
  const preview =
    occ && start.isValid()
      ? {
          ...toInput(draft, timezone),
          scheduleOccurrence: occ,
          scheduleInterval: draft.scheduleInterval,
          scheduleIntervalOn: draft.scheduleIntervalOn ?? null,
          scheduleEndFormat: draft.scheduleEndFormat,
          scheduleEndValue: draft.scheduleEndValue,
        }
      : null;
  const yearly =
    draft.scheduleIntervalOn && typeof draft.scheduleIntervalOn === 'object' && !Array.isArray(draft.scheduleIntervalOn)
      ? draft.scheduleIntervalOn
      : { month: start.month() + 1, day: start.date() };
  const after = typeof draft.scheduleEndValue === 'number' ? draft.scheduleEndValue : 1;
  return (
    <Flex gap={32} wrap>
      <Form layout="vertical" style={{ flex: '1 1 380px', maxWidth: 520 }}>
        <Form.Item label="Occurrence" htmlFor="campaign-occurrence" required>
          <Select
            id="campaign-occurrence"
            value={occ}
            placeholder="How often it runs"
            options={CAMPAIGN_OCCURRENCES.map((o) => ({ value: o, label: o === 'field' ? 'Field (birthday)' : OCCURRENCE_LABELS[o] }))}
            onChange={(o) => set(resetForOccurrence({ ...draft, scheduleOccurrence: o }, o))}
          />
        </Form.Item>
        {occ && occ !== 'once' && occ !== 'field' && (
          <Form.Item
            label={`Repeat Every (${occ === 'daily' ? 'days' : occ === 'weekly' ? 'weeks' : occ === 'monthly' ? 'months' : 'years'})`}
            htmlFor="campaign-interval"
          >
            <InputNumber id="campaign-interval" min={1} max={366} value={draft.scheduleInterval ?? 1} onChange={(n) => set({ scheduleInterval: n ?? 1 })} />
          </Form.Item>
        )}
        {occ === 'weekly' && (
          <Form.Item label="On" required>
            <Checkbox.Group
              aria-label="Weekdays"
              value={Array.isArray(draft.scheduleIntervalOn) ? draft.scheduleIntervalOn : []}
              options={WEEKDAYS.map((d, i) => ({ value: i, label: d }))}
              onChange={(days) => set({ scheduleIntervalOn: (days as number[]).slice().sort() })}
            />
          </Form.Item>
        )}
        {occ === 'monthly' && (
          <Form.Item label="Day of the month (0 = the last day)" htmlFor="campaign-month-day">
            <InputNumber
              id="campaign-month-day"
              min={0}
              max={31}
              value={typeof draft.scheduleIntervalOn === 'number' ? draft.scheduleIntervalOn : start.date()}
              onChange={(n) => set({ scheduleIntervalOn: n ?? 0 })}
            />
          </Form.Item>
        )}
        {occ === 'yearly' && (
          <Space>
            <Form.Item label="Month" htmlFor="campaign-year-month">
              <Select
                id="campaign-year-month"
                style={{ width: 150 }}
                value={yearly.month}
                options={MONTHS.map((m, i) => ({ value: i + 1, label: m }))}
                onChange={(month) => set({ scheduleIntervalOn: { ...yearly, month } })}
              />
            </Form.Item>
            <Form.Item label="Day" htmlFor="campaign-year-day">
              <InputNumber
                id="campaign-year-day"
                min={1}
                max={31}
                value={yearly.day}
                onChange={(day) => set({ scheduleIntervalOn: { ...yearly, day: day ?? 1 } })}
              />
            </Form.Item>
          </Space>
        )}
        {occ === 'field' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="Runs every day at the start time and texts the people whose birthday it is (date of birth)."
          />
        )}
        <Form.Item label={occ === 'once' ? 'Send On' : 'Start'} htmlFor="campaign-start" required extra={`In ${timezone}; on the hour or the half hour`}>
          <Input
            id="campaign-start"
            type="datetime-local"
            step={CAMPAIGN_START_STEP_MINUTES * 60}
            value={draft.startLocal}
            onChange={(e) => set({ startLocal: e.target.value })}
            style={{ width: 240 }}
          />
        </Form.Item>
        {occ && occ !== 'once' && (
          <Form.Item label="Stop On">
            <Radio.Group
              aria-label="Stop On"
              value={draft.scheduleEndFormat}
              onChange={(e) =>
                set({
                  scheduleEndFormat: e.target.value,
                  scheduleEndValue: e.target.value === 'after' ? 1 : e.target.value === 'on' ? start.clone().add(1, 'month').format('YYYY-MM-DD') : null,
                })
              }
            >
              <Space orientation="vertical">
                <Radio value="never">Never</Radio>
                <Radio value="on">
                  <Space>
                    On
                    {draft.scheduleEndFormat === 'on' && (
                      <Input
                        aria-label="Stop date"
                        type="date"
                        value={typeof draft.scheduleEndValue === 'string' ? draft.scheduleEndValue.slice(0, 10) : ''}
                        onChange={(e) => set({ scheduleEndValue: e.target.value })}
                      />
                    )}
                  </Space>
                </Radio>
                <Radio value="after">
                  <Space>
                    After
                    {draft.scheduleEndFormat === 'after' && (
                      <>
                        <InputNumber aria-label="Occurrences" min={0} value={after} onChange={(n) => set({ scheduleEndValue: n ?? 0 })} style={{ width: 80 }} />
                        {occurrenceWord(after)}
                      </>
                    )}
                  </Space>
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
      </Form>
      <MonthPreview key={draft.startLocal.slice(0, 7)} schedule={preview} timezone={timezone} />
    </Flex>
  );
}

/** /campaigns/create and /campaigns/{id}: the four steps of a campaign, forward only over complete ones. */
export function CampaignWizard() {
  const { id } = useParams();
  const editing = !!id && id !== 'create';
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const timezone = session?.account.timezone ?? moment.tz.guess();
  const [original, setOriginal] = useState<Draft | null>(editing ? null : blank(timezone));
  const [draft, setDraft] = useState<Draft | null>(original);
  const [step, setStep] = useState(0);
  const [status, setStatus] = useState<'loading' | 'saving' | null>(editing ? 'loading' : null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tags, setTags] = useState<Tag[] | null>(null);

  useEffect(() => {
    tagsApi.list({ sort: 'name', limit: 500 }).then(setTags, (err: unknown) => {
      setTags([]);
      notifyError(`error loading tags: ${errorMessage(err)}`);
    });
  }, []);
  useEffect(() => {
    if (!editing) return;
    campaignsApi.get(id).then(
      (c) => {
        const d = fromCampaign(c, timezone);
        setOriginal(d);
        setDraft(d);
        setStatus(null);
      },
      (err: unknown) => {
        setLoadError(`${CAMPAIGN_MESSAGES.loadOneFailed}: ${errorMessage(err)}`);
        setStatus(null);
      },
    );
  }, [editing, id, timezone]);

  const complete = draft ? campaignStepsComplete(draft) : [false, false, false, false];
  const set = (p: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...p } : d));
  const title = `${editing ? 'Edit' : 'Create'} Campaign${draft?.content.trim() ? ` · ${draft.format === 'sms' ? 'Message' : 'Email'}` : ''}`;

  async function submit() {
    if (!draft || !complete.every(Boolean)) return;
    setStatus('saving');
    try {
      const body = toInput(draft, timezone);
      if (editing) await campaignsApi.update(id, body);
      else await campaignsApi.create(body);
      notifySuccess(editing ? CAMPAIGN_MESSAGES.updated : CAMPAIGN_MESSAGES.created);
      navigate('/campaigns');
    } catch (err) {
      notifyError(editing ? CAMPAIGN_MESSAGES.updateFailed(errorMessage(err)) : CAMPAIGN_MESSAGES.createFailed(errorMessage(err)));
      setStatus(null);
    }
  }

  if (loadError) return <Alert type="error" showIcon title={loadError} action={<Button onClick={() => navigate('/campaigns')}>Back to Campaigns</Button>} />;
  if (!draft) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <Space orientation="vertical" size={20} style={{ width: '100%' }} data-testid="campaign-wizard">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Steps
        current={step}
        onChange={(to) => canGo(complete, step, to) && setStep(to)}
        items={STEP_TITLES.map((t, i) => ({ title: t, status: i === step ? 'process' : complete[i] ? 'finish' : 'wait', disabled: !canGo(complete, step, i) }))}
      />
      <Card>
        {step === 0 && <InfoStep draft={draft} set={set} />}
        {step === 1 && <TargetStep draft={draft} set={set} tags={tags} />}
        {step === 2 && <ContentStep draft={draft} set={set} />}
        {step === 3 && <ScheduleStep draft={draft} set={set} timezone={timezone} />}
      </Card>
      <Flex justify="space-between" wrap gap={8}>
        <Space>
          <Button onClick={() => navigate('/campaigns')}>Cancel</Button>
          <Button onClick={() => setDraft(original)} disabled={draft === original}>
            Reset
          </Button>
        </Space>
        <Space>
          <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
            Previous
          </Button>
          <Button disabled={step === 3 || !complete[step]} onClick={() => setStep(step + 1)}>
            Next
          </Button>
          <Button type="primary" disabled={!complete.every(Boolean)} loading={status === 'saving'} onClick={() => void submit()}>
            {editing ? 'Update' : 'Submit'}
          </Button>
        </Space>
      </Flex>
    </Space>
  );
}
