import { Card, Tabs } from 'antd';
import { AddressCards } from '../addresses/AddressCards';
import { VehicleCards } from '../vehicles/VehicleCards';
import { HomeCards } from '../homes/HomeCards';
import { CommercialCards } from '../commercial/CommercialCards';
import { SummaryCards } from '../health/SummaryCards';
import { PolicyCards } from '../policies/PolicyCards';
import { PaymentCards } from '../payments/PaymentCards';
import { MiscItems } from '../misc/MiscItems';
import { visibleRecordTabs, type RecordTabKey } from './gathering';

const CONTENT: Record<RecordTabKey, () => React.ReactNode> = {
  address: () => <AddressCards />,
  auto: () => <VehicleCards />,
  home: () => <HomeCards />,
  commercial: () => <CommercialCards />,
  health: () => <SummaryCards kind="health" />,
  life: () => <SummaryCards kind="life" />,
  policy: () => <PolicyCards />,
  payment: () => <PaymentCards />,
  extra: () => <MiscItems />,
};

/** Address, Auto, Home, Commercial, Health, Life, Policy, Payment, Extra: each per the account's gatheringForms. */
export function RecordTabs({ gatheringForms }: { gatheringForms: string | undefined }) {
  const tabs = visibleRecordTabs(gatheringForms);
  return (
    <Card size="small" style={{ marginTop: 16 }}>
      <Tabs items={tabs.map((t) => ({ key: t.key, label: t.label, children: CONTENT[t.key]() }))} />
    </Card>
  );
}
