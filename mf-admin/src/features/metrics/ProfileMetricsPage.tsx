import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert, Avatar, Button, Flex, Select, theme, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole, statsOf } from '@agency/contracts';
import { formatDateTime, fullName, initials, useLiveQuery, useObservable } from '@agency/ui';
import { MonthStepper, monthKey, startOfMonth } from '../common/MonthStepper';
import { MetricCards } from './MetricCards';
import { RenewalFiguresCard } from './RenewalFiguresCard';
import { useEmployeeStats } from './useEmployeeStats';

/**
 * /profile and /profile/{id}: a person's figures for a month. Super, owner and admin switch between
 * the team's members; everyone else sees their own. Below the cards, the person's renewals of the month.
 */
export function ProfileMetricsPage() {
  const session = useObservable(bus.session$);
  const me = session?.user ?? null;
  const { id } = useParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const canSwitch = isAdminRole(me?.role);
  const userId = (canSwitch && id) || me?.id;
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const params = useMemo(() => (userId ? { user: userId, monthYear: monthKey(month) } : null), [userId, month]);
  const { stats, loading, error, refresh } = useEmployeeStats(params);
  const [round, setRound] = useState(0);

  const users = useLiveQuery(canSwitch ? () => usersApi.list() : null).data;
  const team = useMemo(() => (users ?? []).filter((u) => u.role !== 'super' || u.id === me?.id), [users, me?.id]);

  if (!me) return null;
  if (id && !canSwitch) return <Navigate to="/profile" replace />;
  const shown = stats?.users.find((u) => u.id === userId) ?? (userId === me.id ? me : team.find((u) => u.id === userId));
  const figures = statsOf(stats?.rows ?? [], userId ?? '');

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Flex align="center" gap={12}>
          <Avatar size={48} src={shown?.avatar ?? undefined} alt="" style={{ background: token.colorPrimary, flex: 'none' }}>
            {shown ? initials(shown) : null}
          </Avatar>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {shown ? fullName(shown) : ' '}
            </Typography.Title>
            <Typography.Text type="secondary">{stats ? `Updated ${formatDateTime(stats.updatedAt)}` : 'Monthly figures'}</Typography.Text>
          </div>
        </Flex>
        <Flex align="center" gap={12} wrap>
          {canSwitch && (
            <Flex align="center" gap={8}>
              <label htmlFor="metrics-user">User</label>
              <Select
                id="metrics-user"
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 220 }}
                value={userId}
                options={team.map((u) => ({ value: u.id, label: fullName(u) }))}
                onChange={(value: string) => navigate(value === me.id ? '/profile' : `/profile/${value}`)}
              />
            </Flex>
          )}
          <MonthStepper month={month} onChange={setMonth} disabled={loading} />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              refresh();
              setRound((n) => n + 1);
            }}
            loading={loading}
            aria-label="Refresh figures"
          />
        </Flex>
      </Flex>
      {error && <Alert type="error" showIcon role="alert" title={`Unable to load metrics: ${error}`} />}
      <MetricCards figures={figures} loading={loading && !stats} />
      {userId && session && <RenewalFiguresCard accountId={session.account.id} userId={userId} month={monthKey(month)} round={round} />}
    </Flex>
  );
}
