import { Alert, Button, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { errorMessage, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { canGhost, type User } from '@agency/contracts';
import { RetryAlert, useObservable } from '@agency/ui';
import { restartAt } from '../../session';
import { EmployeeCard } from './EmployeeCard';
import { useTeam } from './useTeam';

/** Employees: a card per user of the account, Add New Employee, and Edit on each card. */
export function EmployeesPage() {
  const session = useObservable(bus.session$);
  const account = session?.account;
  const { users, locations, error, locationsError, reload } = useTeam(account?.id);
  const navigate = useNavigate();
  // Ghosting is decided by the person signed in, not by whom they are acting as.
  const real = session?.ghostedBy ?? session?.user;

  async function ghost(user: User) {
    try {
      const next = await usersApi.ghost(user.id);
      // Away first, so no screen of this page reacts to the new person before the app restarts as them.
      restartAt('/');
      bus.updateSession({ user: next.user, account: next.account, ghostedBy: next.ghostedBy, mfaSetupRequired: next.mfaSetupRequired });
    } catch (err) {
      bus.toast({ kind: 'error', message: errorMessage(err, 'Could not ghost user') });
    }
  }

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Employees
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('new')}>
          Add New Employee
        </Button>
      </Flex>
      {error && <RetryAlert message={error} onRetry={reload} />}
      {locationsError && <Alert type="warning" showIcon title={locationsError} style={{ marginBottom: 16 }} />}
      {!users && !error && <Skeleton active avatar paragraph={{ rows: 3 }} />}
      {users && users.length === 0 && <Empty description="No employees yet" />}
      {users && users.length > 0 && (
        <Row gutter={[16, 16]}>
          {users.map((u) => (
            <Col key={u.id} xs={24} lg={12} xxl={8}>
              <EmployeeCard
                user={u}
                locations={locations}
                mfaRequired={!!account?.mfaRequired}
                onEdit={(user) => navigate(user.id, { state: { user } })}
                onGhost={real && u.id !== session?.user.id && canGhost(real, u) ? ghost : undefined}
              />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
