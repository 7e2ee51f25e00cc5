import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Row, Segmented, Space, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import type { ClientInput, ClientLevel } from '@agency/contracts';
import { clientsApi, errorMessage } from '@agency/api-client';
import { failureText, notifyError, notifySuccess, useLiveQuery, useObservable } from '@agency/ui';
import { MoneyInput } from '../common/inputs';
import { MSG } from '../common/messages';
import { emptyAsNull } from '../common/clean';
import { visibleEditTabs } from '../detail/gathering';
import { personName, personOf } from '../detail/person';
import { AutoFields, GeneralFields, HealthFields, LifeFields } from './PersonFields';

type EditTab = 'general' | 'auto' | 'health' | 'life';
const TAB_LABELS: Record<EditTab, string> = { general: 'General', auto: 'Auto', health: 'Health', life: 'Life' };

/** What the form sends: every field it shows, a cleared one as null (dates cleared as empty). */
export function editPayload(values: Record<string, unknown>): ClientInput {
  return emptyAsNull(values) as ClientInput;
}

/**
 * /contacts/contact/{id}/edit and /contacts/contact/{id}/{view}/edit: General, Auto, Health and Life
 * (per the account's gatheringForms), each for the applicant and the co-applicant. {view} opens a tab
 * (general, auto, health, life) or the co-applicant (secondary).
 */
export function EditContactPage() {
  const { id, view } = useParams();
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const tabs = visibleEditTabs(session?.account.gatheringForms);
  const fetched = useLiveQuery(id ? () => clientsApi.get(id) : null, null, id);
  const client = fetched.data?.id === id ? fetched.data : null;
  const loadError = fetched.error;
  const [tab, setTab] = useState<EditTab>(tabs.includes(view as EditTab) ? (view as EditTab) : 'general');
  const [level, setLevel] = useState<ClientLevel>(view === 'secondary' ? 'secondary' : 'primary');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();

  const back = () => navigate(`/contacts/contact/${id}`);
  const save = async (values: Record<string, unknown>) => {
    if (!id) return;
    setBusy(true);
    try {
      await clientsApi.update(id, editPayload(values));
      notifySuccess(MSG.clientUpdated);
      back();
    } catch (err) {
      notifyError(MSG.clientUpdateFailed(failureText(err)));
    } finally {
      setBusy(false);
    }
  };

  if (loadError) return <Alert type="error" showIcon title={errorMessage(loadError)} />;
  if (!client) return <Typography.Text role="status">Loading...</Typography.Text>;
  const name = personName(personOf(client, 'primary')) || 'Contact';
  const per = (render: (l: ClientLevel) => React.ReactNode) =>
    (['primary', 'secondary'] as const).map((l) => (
      <div key={l} style={{ display: l === level ? 'block' : 'none' }}>
        {render(l)}
      </div>
    ));
  const content: Record<EditTab, React.ReactNode> = {
    general: per((l) => <GeneralFields level={l} autoFocus={l === level} clientId={client.id} />),
    auto: per((l) => <AutoFields level={l} clientId={client.id} />),
    health: per((l) => <HealthFields level={l} clientId={client.id} />),
    life: (
      <>
        {per((l) => (
          <LifeFields level={l} />
        ))}
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="householdGrossIncome" label="Household Gross Income">
              <MoneyInput />
            </Form.Item>
          </Col>
        </Row>
      </>
    ),
  };
  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back to contact" onClick={back} />
          <span>Edit {name}</span>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={client} onFinish={save} scrollToFirstError>
        <Segmented<ClientLevel>
          value={level}
          onChange={setLevel}
          options={[
            { value: 'primary', label: 'Applicant' },
            { value: 'secondary', label: 'Co-Applicant' },
          ]}
          style={{ marginBottom: 12 }}
        />
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as EditTab)}
          items={tabs.map((t) => ({ key: t, label: TAB_LABELS[t], children: content[t], forceRender: true }))}
        />
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={back}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {busy ? MSG.saving : 'Save'}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
