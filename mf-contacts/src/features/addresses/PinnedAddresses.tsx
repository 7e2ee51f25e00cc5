import { Card, Col, Row } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import { useContact } from '../detail/ContactContext';
import { AddressBody } from './AddressCards';
import { sortAddresses } from './format';

/** Pinned addresses, under the contact cards. */
export function PinnedAddresses() {
  const { full } = useContact();
  const pinned = sortAddresses(full.addresses.filter((a) => a.pinned));
  if (!pinned.length) return null;
  return (
    <Row gutter={[12, 12]} style={{ marginTop: 12 }} aria-label="Pinned addresses" role="region">
      {pinned.map((a) => (
        <Col key={a.id} xs={24} md={12}>
          <Card
            size="small"
            title={
              <span>
                <PushpinFilled aria-hidden /> {a.type} Address
              </span>
            }
            data-testid="pinned-address"
          >
            <AddressBody address={a} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
