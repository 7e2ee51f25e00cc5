import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { accountsApi, billingApi, errorMessage, locationsApi, phonesApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { LOCATION_MESSAGES, locationBadge, planLimitMessage, type Location, type PhoneNumber, type PlanLimits } from '@agency/contracts';
import { formatPhone, RetryAlert, useObservable } from '@agency/ui';
import { LocationWizard } from './LocationWizard';

/** A location's numbers, the default first. */
const numbersOf = (phones: PhoneNumber[], locationId: string) =>
  phones.filter((p) => p.location?.id === locationId).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));

/** /account/info/locations: the account's offices as cards (3 a row) with their numbers and registration badge; create within the plan. */
export function LocationsPage() {
  const accountId = useObservable(bus.session$)?.account.id;
  const [locations, setLocations] = useState<Location[] | null>(null);
  const [phones, setPhones] = useState<PhoneNumber[]>([]);
  const [limits, setLimits] = useState<PlanLimits | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ location: Location | null } | null>(null);

  const load = useCallback(async () => {
    if (!accountId) return;
    setError(null);
    try {
      const [l, p, lim] = await Promise.all([locationsApi.list(accountId), phonesApi.list(accountId), billingApi.planLimits(accountId)]);
      setLocations(l);
      setPhones(p);
      setLimits(lim);
    } catch (err) {
      setError(LOCATION_MESSAGES.listFailed(errorMessage(err)));
    }
  }, [accountId]);

  useEffect(() => void load(), [load]);

  const saved = useCallback(() => {
    void load();
    // The setup checklist counts the account's locations.
    if (accountId)
      accountsApi.get(accountId).then(
        (account) => bus.updateSession({ account }),
        () => undefined,
      );
  }, [load, accountId]);

  if (!accountId) return null;
  const atLimit = !!limits && !!locations && locations.length >= limits.maxLocations;
  const create = (
    <Button type="primary" icon={<PlusOutlined />} disabled={atLimit || !locations} onClick={() => setEditing({ location: null })}>
      Create Location
    </Button>
  );

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Locations
        </Typography.Title>
        {atLimit ? (
          <Tooltip title={planLimitMessage.locations(limits!.maxLocations)}>
            {/* A disabled button takes no hover: the span shows the reason. */}
            <span data-testid="create-location">{create}</span>
          </Tooltip>
        ) : (
          create
        )}
      </Flex>
      {error && <RetryAlert message={error} onRetry={() => void load()} />}
      {!locations ? (
        !error && <Skeleton active paragraph={{ rows: 4 }} />
      ) : locations.length === 0 ? (
        <Empty description="No locations yet. Create one to register for texting and buy phone numbers." />
      ) : (
        <Row gutter={[16, 16]}>
          {locations.map((l) => {
            const badge = locationBadge(l);
            const numbers = numbersOf(phones, l.id);
            return (
              <Col key={l.id} xs={24} md={12} xl={8}>
                <Card
                  size="small"
                  title={l.name}
                  data-location={l.id}
                  extra={<Button type="text" icon={<EditOutlined />} aria-label={`Edit ${l.name}`} onClick={() => setEditing({ location: l })} />}
                  style={{ height: '100%' }}
                >
                  <Typography.Text type="secondary">{l.timezone}</Typography.Text>
                  <ul aria-label={`${l.name} phone numbers`} style={{ listStyle: 'none', padding: 0, margin: '8px 0' }}>
                    {numbers.length === 0 && (
                      <li>
                        <Typography.Text type="secondary">No phone numbers</Typography.Text>
                      </li>
                    )}
                    {numbers.map((p) => (
                      <li key={p.id}>
                        {formatPhone(p.phoneNumber)} {p.friendlyName && <Typography.Text type="secondary">{p.friendlyName}</Typography.Text>}{' '}
                        {p.isDefault && <Tag color="blue">Default</Tag>}
                      </li>
                    ))}
                  </ul>
                  {badge && (
                    <Tag icon={<WarningOutlined />} color={badge === 'Business Profile Rejected' ? 'error' : 'warning'}>
                      {badge}
                    </Tag>
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      {editing && (
        <LocationWizard accountId={accountId} open location={editing.location} others={locations ?? []} onClose={() => setEditing(null)} onSaved={saved} />
      )}
    </div>
  );
}
