import { Col, Row } from 'antd';
import { bus } from '@agency/bus';
import { isAdminRole } from '@agency/contracts';
import { useObservable } from '@agency/ui';
import { DASHBOARD_SLOTS } from '../dashboard/slots';
import { WidgetSlot } from '../dashboard/WidgetSlot';

/** The dashboard frame: the ten widget slots in order, each mounting a remote's widget on its own. */
export default function Dashboard() {
  const session = useObservable(bus.session$)!;
  const admin = isAdminRole(session.user.role);
  const slots = DASHBOARD_SLOTS.filter((s) => (s.adminOnly ? admin : true) && (s.key !== 'serviceReviews' || session.account.serviceReviewEnabled));
  return (
    <Row gutter={[16, 16]} data-testid="dashboard">
      {slots.map((s) => (
        <Col key={s.key} xs={24} lg={s.span}>
          <WidgetSlot slot={s} />
        </Col>
      ))}
    </Row>
  );
}
