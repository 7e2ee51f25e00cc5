import { Card, Tabs, theme } from 'antd';
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

/**
 * The tab bar wraps onto a second line rather than hiding tabs behind a "…" menu: every record is
 * one click away at any width, and the tab list holds tabs only (antd's overflow button sits inside
 * the list, where a screen reader expects tabs). The line under the chosen tab replaces the ink bar,
 * which follows only one line.
 */
const wrapCss = (selected: string) => `
.record-tabs > .ant-tabs-nav .ant-tabs-nav-wrap{overflow:visible}
.record-tabs > .ant-tabs-nav .ant-tabs-nav-list{flex-wrap:wrap;transform:none!important;column-gap:16px}
.record-tabs > .ant-tabs-nav .ant-tabs-tab + .ant-tabs-tab{margin-inline-start:0}
.record-tabs > .ant-tabs-nav .ant-tabs-ink-bar{display:none}
.record-tabs > .ant-tabs-nav .ant-tabs-tab-active{box-shadow:inset 0 -2px 0 ${selected}}
.record-tabs > .ant-tabs-nav .ant-tabs-nav-operations{display:none}
`;

/** Address, Auto, Home, Commercial, Health, Life, Policy, Payment, Extra: each per the account's gatheringForms. */
export function RecordTabs({ gatheringForms }: { gatheringForms: string | undefined }) {
  const tabs = visibleRecordTabs(gatheringForms);
  const { token } = theme.useToken();
  return (
    <Card size="small" style={{ marginTop: 16 }}>
      <style>{wrapCss(token.colorPrimaryText)}</style>
      <Tabs className="record-tabs" items={tabs.map((t) => ({ key: t.key, label: t.label, children: CONTENT[t.key]() }))} />
    </Card>
  );
}
