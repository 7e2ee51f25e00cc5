import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Col, Empty, Row, theme, Typography } from 'antd';
import { bus } from '@agency/bus';
import { isAdminRole, type Account, type Role } from '@agency/contracts';
import { useLiveQuery, useObservable, useWidth } from '@agency/ui';
import { DASHBOARD_SLOTS, type DashboardSlot } from '../dashboard/slots';
import { WidgetSlot } from '../dashboard/WidgetSlot';
import { remoteExposes } from '../remotes/registry';

/** The slots a user sees, in the spec's order: admin-only widgets for admin roles, Service Reviews when the account has it on. */
export function visibleSlots(role: Role | string, account: Pick<Account, 'serviceReviewEnabled'>): DashboardSlot[] {
  const admin = isAdminRole(role);
  return DASHBOARD_SLOTS.filter((s) => (s.adminOnly ? admin : true) && (s.key !== 'serviceReviews' || account.serviceReviewEnabled));
}

function greeting(now = new Date()) {
  const h = now.getHours();
  return h < 12 ? 'Good morning' : h < 18 ? 'Good afternoon' : 'Good evening';
}

/**
 * The slots whose remote's active release exposes their widget (null while finding out). A remote
 * that cannot be asked keeps its slots, so the parcel can show its own error card with Retry.
 */
export function useExposedSlots(slots: DashboardSlot[]): DashboardSlot[] | null {
  const query = useLiveQuery(
    () =>
      Promise.all(
        slots.map((s) =>
          remoteExposes(s.remote).then(
            (names) => names.includes(s.expose),
            () => true,
          ),
        ),
      ).then((found) => slots.filter((_, i) => found[i])),
    null,
    slots,
  );
  return query.data ?? null;
}

/**
 * A widget's columns (of 24) by the width the dashboard has, not the window's: with the side nav
 * open and the phone drawer beside it a laptop leaves the page little room, and a third of it is
 * too narrow for a card's figures. Wide: the slot's own span; middling: halves; narrow: one a row.
 */
export function slotSpan(span: number, width: number | null): number {
  if (width === null || width >= DASHBOARD_WIDE) return span;
  if (width >= DASHBOARD_HALVES) return span < 12 ? 12 : span;
  return 24;
}
const DASHBOARD_WIDE = 900;
const DASHBOARD_HALVES = 560;

/** The dashboard frame: the ten widget slots in order, each released widget mounted on its own; slots without one leave no gap. */
export default function Dashboard() {
  const session = useObservable(bus.session$)!;
  const { token } = theme.useToken();
  const { role } = session.user;
  const { serviceReviewEnabled } = session.account;
  const slots = useMemo(() => visibleSlots(role, { serviceReviewEnabled }), [role, serviceReviewEnabled]);
  const exposed = useExposedSlots(slots);
  const employee = session.user.role.toLowerCase() === 'employee';
  const area = useWidth<HTMLDivElement>();
  const today = new Date().toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
  return (
    // data-widgets: the slots are placed (shell/src/firstScreen.ts waits for them and their code)
    <div data-testid="dashboard" ref={area.ref} data-widgets={exposed ? 'placed' : 'finding'} style={{ maxWidth: 1600, margin: '0 auto' }}>
      <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {greeting()}, {session.user.firstName}
        </Typography.Title>
        <Typography.Text style={{ color: token.colorTextSecondary }}>
          {session.account.name} · {today}
        </Typography.Text>
      </div>
      {employee && (
        <Alert
          type="info"
          showIcon
          closable
          style={{ marginBottom: 16 }}
          title="Preview the new dashboard"
          description="Your own numbers, tasks and reviews in one place."
          action={<Link to="/profile">Preview</Link>}
          data-testid="new-dashboard-banner"
        />
      )}
      <Row gutter={[16, 16]}>
        {exposed?.map((s) => (
          <Col key={s.key} span={slotSpan(isAdminRole(role) ? s.span : (s.employeeSpan ?? s.span), area.width)}>
            <WidgetSlot slot={s} laidOut={area.width !== null} />
          </Col>
        ))}
      </Row>
      {exposed?.length === 0 && (
        <div
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            border: `1px solid ${token.colorBorderSecondary}`,
            padding: '48px 24px',
          }}
        >
          <Empty description="Your widgets will show here as soon as they are available." />
        </div>
      )}
    </div>
  );
}
