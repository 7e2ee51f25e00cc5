import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Space, Tabs } from 'antd';
import type { ClientCreate, ClientDuplicate } from '@agency/contracts';
import { ApiRequestError, clientsApi } from '@agency/api-client';
import { failureText, maskPhone, notifyError, notifySuccess } from '@agency/ui';
import { MSG } from '../common/messages';
import { dropEmpty } from '../common/clean';
import { BasicFields } from '../edit/PersonFields';

/** What Create sends: the fields filled in (empty ones dropped) and the room it came from. */
export function createPayload(values: Record<string, unknown>, room: string | null): ClientCreate {
  const body = dropEmpty(values) as ClientCreate;
  if (room) body.room = room;
  return body;
}

/** The failure toast: the server's message, or the network wording when nothing answered. */
export function createFailure(err: unknown): string {
  if (err instanceof ApiRequestError && err.status === null) return MSG.clientCreateNetwork;
  return MSG.clientCreateFailed(failureText(err));
}

/**
 * /contacts/contact/new: Applicant and Co-Applicant tabs with the basics; details come after creation.
 * Arriving with ?room=&mobilePhone= (a contact made from an unknown number) links that room to the new client.
 */
export function CreateContactPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const room = params.get('room');
  const mobile = params.get('mobilePhone');
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [duplicates, setDuplicates] = useState<ClientDuplicate[]>([]);

  const checkDuplicates = async () => {
    const mobilePhone = (form.getFieldValue('mobilePhone') as string | undefined)?.replace(/\D/g, '');
    const email = (form.getFieldValue('email') as string | undefined)?.trim();
    if (!mobilePhone && !email) {
      setDuplicates([]);
      return;
    }
    try {
      setDuplicates(await clientsApi.duplicates({ mobilePhone: mobilePhone || undefined, email: email || undefined }));
    } catch {
      setDuplicates([]);
    }
  };
  const save = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const created = await clientsApi.create(createPayload(values, room));
      notifySuccess(MSG.clientCreated);
      navigate(created?.id ? `/contacts/contact/${created.id}` : '/contacts');
    } catch (err) {
      notifyError(createFailure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Create Contact">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="This form collects the basic information. Details (addresses, policies, vehicles and more) can be added after the contact is created."
      />
      {duplicates.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="duplicate-warning"
          title="A contact with the same details already exists"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {duplicates.map((d) => (
                <li key={`${d.id}-${d.level}-${d.matchedOn}`}>
                  <Link to={`/contacts/contact/${d.id}`}>{d.name}</Link> has the same {d.matchedOn === 'email' ? 'email' : 'mobile phone'}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={mobile ? { mobilePhone: maskPhone(mobile, true) } : {}}
        onBlur={() => void checkDuplicates()}
      >
        <Tabs
          items={[
            { key: 'applicant', label: 'Applicant', children: <BasicFields level="primary" autoFocus />, forceRender: true },
            { key: 'co', label: 'Co-Applicant', children: <BasicFields level="secondary" />, forceRender: true },
          ]}
        />
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {busy ? MSG.saving : 'Save'}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
