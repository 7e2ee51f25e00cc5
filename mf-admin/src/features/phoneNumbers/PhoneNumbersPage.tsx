import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Flex, Form, Input, Popconfirm, Select, Skeleton, Switch, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { accountsApi, billingApi, errorMessage, locationsApi, numbersApi, phonesApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import {
  campaignStatusLabel,
  PHONE_MESSAGES,
  planLimitMessage,
  type Location,
  type MessagingService,
  type PhoneNumber,
  type PlanLimits,
} from '@agency/contracts';
import { FormDialog, formatPhone, RetryAlert, useObservable } from '@agency/ui';
import { CampaignDialog } from './CampaignDialog';
import { numberStatusLabel, usecaseLabel } from './labels';
import { PortPurchaseDialog } from './PortPurchaseDialog';

/** A port completes at the carrier; the number is not the agency's to use until then. */
const PORT_PENDING = 'The carrier completes the port: until then the number takes no calls or texts and cannot be a default.';

/** How often campaigns in review are looked at again. */
const REVIEW_POLL_MS = 3000;
const STATUS_COLORS: Record<string, string> = { 'Pending Approval': 'gold', Rejected: 'red', Verified: 'green', 'Not Registered': 'default' };

/** Cards as many to a row as the page's width holds, each wide enough for a number and its buttons. */
const CARD_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))', gap: 16 } as const;

/** A button that, at the plan's limit, is disabled and says why on hover. */
function WithinPlan({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return <>{children}</>;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}

interface PhoneValues {
  friendlyName: string;
  location: string | null;
  messagingServiceSid: string | null;
  isDefault: boolean;
}

/** /account/info/phonenumbers: Message Campaigns and Phone Numbers, each within the plan. */
export function PhoneNumbersPage() {
  const accountId = useObservable(bus.session$)?.account.id;
  const [phones, setPhones] = useState<PhoneNumber[] | null>(null);
  const [services, setServices] = useState<MessagingService[]>([]);
  const [locations, setLocations] = useState<Location[]>([]);
  const [limits, setLimits] = useState<PlanLimits | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PhoneNumber | null>(null);
  const [buying, setBuying] = useState(false);
  const [creating, setCreating] = useState(false);

  const load = useCallback(async () => {
    if (!accountId) return;
    setError(null);
    try {
      const [p, s, l, lim] = await Promise.all([
        phonesApi.list(accountId),
        numbersApi.services(accountId),
        locationsApi.list(accountId),
        billingApi.planLimits(accountId),
      ]);
      setPhones(p);
      setServices(s);
      setLocations(l);
      setLimits(lim);
    } catch (err) {
      setError(`Unable to load phone numbers: ${errorMessage(err)}`);
    }
  }, [accountId]);
  useEffect(() => void load(), [load]);

  // A campaign in review is looked at again until the carriers decide.
  const reviewing = services.some((s) => s.campaign?.status === 'IN_PROGRESS');
  useEffect(() => {
    if (!reviewing || !accountId) return;
    const timer = setInterval(() => void numbersApi.services(accountId).then(setServices, () => undefined), REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [reviewing, accountId]);

  const refreshAccount = useCallback(() => {
    if (accountId)
      accountsApi.get(accountId).then(
        (account) => bus.updateSession({ account }),
        () => undefined,
      );
  }, [accountId]);

  if (!accountId) return null;
  const numberLimit = limits && phones && phones.length >= limits.maxPhoneNumbers ? planLimitMessage.phoneNumbers(limits.maxPhoneNumbers) : null;
  const serviceLimit = limits && services.length >= limits.maxServices ? planLimitMessage.services(limits.maxServices) : null;
  const serviceName = (sid: string | null) => services.find((s) => s.sid === sid)?.friendlyName ?? null;
  // The server holds texts from a number outside a verified campaign (sms outbound's mayText).
  const textsGo = (sid: string | null) => services.some((s) => s.sid === sid && s.campaign?.status === 'VERIFIED');

  async function savePhone(p: PhoneNumber, v: PhoneValues) {
    try {
      await phonesApi.update(accountId!, p.id, {
        friendlyName: v.friendlyName ?? '',
        location: v.location ?? null,
        messagingServiceSid: v.messagingServiceSid ?? null,
        isDefault: !!v.isDefault,
      });
      bus.toast({ kind: 'success', message: PHONE_MESSAGES.updated(v.friendlyName || formatPhone(p.phoneNumber)) });
      await load();
      refreshAccount();
    } catch (err) {
      bus.toast({ kind: 'error', message: PHONE_MESSAGES.updateFailed(errorMessage(err)) });
      throw err;
    }
  }

  async function release(p: PhoneNumber) {
    try {
      await numbersApi.release(accountId!, p.id);
      bus.toast({ kind: 'success', message: `${formatPhone(p.phoneNumber)} released` });
      await load();
      refreshAccount();
    } catch (err) {
      bus.toast({ kind: 'error', message: PHONE_MESSAGES.updateFailed(errorMessage(err)) });
    }
  }

  return (
    <div>
      {error && <RetryAlert message={error} onRetry={() => void load()} />}
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Message Campaigns
        </Typography.Title>
        <WithinPlan reason={serviceLimit}>
          <Button icon={<PlusOutlined />} disabled={!!serviceLimit || !phones} onClick={() => setCreating(true)}>
            Create Campaign
          </Button>
        </WithinPlan>
      </Flex>
      {!phones ? (
        !error && <Skeleton active paragraph={{ rows: 3 }} />
      ) : services.length === 0 ? (
        <Empty description="No campaigns yet. Texts are sent under a registered campaign." style={{ marginBottom: 24 }} />
      ) : (
        <div style={{ ...CARD_GRID, marginBottom: 32 }}>
          {services.map((s) => {
            const label = campaignStatusLabel(s);
            const tag = <Tag color={STATUS_COLORS[label]}>{label}</Tag>;
            return (
              <div key={s.sid}>
                <Card size="small" title={s.friendlyName} data-campaign={s.sid} style={{ height: '100%' }}>
                  <Flex vertical gap={4}>
                    <span>
                      {label === 'Rejected' && s.campaign?.errors.length ? (
                        <Tooltip title={s.campaign.errors.map((e) => e.description).join(' ')}>{tag}</Tooltip>
                      ) : (
                        tag
                      )}
                    </span>
                    <Typography.Text type="secondary">
                      {usecaseLabel(s.usecase)} · {s.location?.name ?? 'No location'}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {s.assigned.length} number{s.assigned.length === 1 ? '' : 's'}
                    </Typography.Text>
                    {label === 'Rejected' && (
                      <ul aria-label={`Why ${s.friendlyName} was rejected`} style={{ margin: 0, paddingInlineStart: 18 }}>
                        {s.campaign?.errors.map((e, i) => (
                          <li key={i}>
                            <Typography.Text type="danger">{e.description}</Typography.Text>
                          </li>
                        ))}
                      </ul>
                    )}
                  </Flex>
                </Card>
              </div>
            );
          })}
        </div>
      )}

      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Phone Numbers
        </Typography.Title>
        <WithinPlan reason={numberLimit}>
          <Button type="primary" icon={<PlusOutlined />} disabled={!!numberLimit || !phones} onClick={() => setBuying(true)}>
            Port / Purchase
          </Button>
        </WithinPlan>
      </Flex>
      {phones && phones.length === 0 && <Empty description="No phone numbers yet." />}
      <div style={CARD_GRID}>
        {phones?.map((p) => (
          <div key={p.id}>
            <Card
              size="small"
              data-phone={p.phoneNumber}
              title={formatPhone(p.phoneNumber)}
              extra={
                <Flex>
                  <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${formatPhone(p.phoneNumber)}`} onClick={() => setEditing(p)} />
                  <Popconfirm
                    title={`Release ${formatPhone(p.phoneNumber)}? Calls and texts to it stop reaching the agency.`}
                    okText="Release"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => release(p)}
                  >
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Release ${formatPhone(p.phoneNumber)}`} />
                  </Popconfirm>
                </Flex>
              }
              style={{ height: '100%' }}
            >
              <Flex vertical gap={4}>
                <Typography.Text>{p.friendlyName || <Typography.Text type="secondary">No name</Typography.Text>}</Typography.Text>
                <Typography.Text type="secondary">{p.location?.name ?? 'No location (inactive)'}</Typography.Text>
                <Typography.Text type="secondary">Campaign: {serviceName(p.messagingServiceSid) ?? 'none'}</Typography.Text>
                <span>
                  {p.isDefault && <Tag color="blue">Default</Tag>}
                  {p.status === 'porting-in' && (
                    <Tooltip title={PORT_PENDING}>
                      <Tag icon={<WarningOutlined />} color="warning">
                        Port pending
                      </Tag>
                    </Tooltip>
                  )}
                  {p.status !== 'in-use' && p.status !== 'porting-in' && (
                    <Tag icon={<WarningOutlined />} color="warning">
                      {numberStatusLabel(p.status)}
                    </Tag>
                  )}
                  {p.status === 'in-use' && !textsGo(p.messagingServiceSid) && (
                    <Tooltip title={PHONE_MESSAGES.textsHeld}>
                      <Tag color="orange">Texts held</Tag>
                    </Tooltip>
                  )}
                </span>
              </Flex>
            </Card>
          </div>
        ))}
      </div>

      {editing && (
        <FormDialog<PhoneValues>
          open
          title={`Update ${formatPhone(editing.phoneNumber)}`}
          initialValues={{
            friendlyName: editing.friendlyName,
            location: editing.location?.id ?? null,
            messagingServiceSid: editing.messagingServiceSid,
            isDefault: editing.isDefault,
          }}
          onSubmit={(v) => savePhone(editing, v)}
          onClose={() => setEditing(null)}
        >
          <Form.Item label="Friendly Name" name="friendlyName">
            <Input autoFocus maxLength={100} />
          </Form.Item>
          <Form.Item label="Location" name="location" extra="A number without a location is inactive.">
            <Select allowClear options={locations.map((l) => ({ value: l.id, label: l.name }))} />
          </Form.Item>
          <Form.Item label="Campaign" name="messagingServiceSid" extra={editing.status === 'porting-in' ? PHONE_MESSAGES.portingIn : undefined}>
            <Select
              allowClear
              disabled={editing.status === 'porting-in'}
              options={services.map((s) => ({ value: s.sid, label: `${s.friendlyName} (${campaignStatusLabel(s)})` }))}
            />
          </Form.Item>
          <Form.Item
            label="Default number of its location"
            name="isDefault"
            valuePropName="checked"
            extra={editing.status === 'porting-in' ? PORT_PENDING : undefined}
          >
            <Switch disabled={editing.status === 'porting-in'} />
          </Form.Item>
        </FormDialog>
      )}
      <PortPurchaseDialog accountId={accountId} open={buying} onClose={() => setBuying(false)} onChanged={() => void load().then(refreshAccount)} />
      <CampaignDialog accountId={accountId} open={creating} locations={locations} onClose={() => setCreating(false)} onSaved={() => void load()} />
    </div>
  );
}
