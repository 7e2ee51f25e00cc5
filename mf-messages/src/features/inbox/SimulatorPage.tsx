import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Select, theme, Typography } from 'antd';
import { api, errorMessage, smsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole, type SmsMessage } from '@agency/contracts';
import { formatDateTime, formatPhone, useObservable } from '@agency/ui';

/**
 * Tells the local carrier to fail the next text to a number: through the shell's api instance
 * rather than a new method of the shared api-client, so the page also runs under an earlier shell.
 */
export const failNextText = (number: string) => api.post<{ message: string }>('/sms/simulator/fail-next', { number }).then((r) => r.data);

interface Values {
  from: string;
  to: string;
  body: string;
}

const digits = (n: string) => {
  const d = (n ?? '').replace(/\D/g, '');
  return d.length === 10 ? `1${d}` : d;
};

/**
 * The carrier simulator (owners and admins): be a client who texts one of the agency's numbers
 * through the local carrier, and see what the agency sends back, live.
 */
export function SimulatorPage() {
  const { token } = theme.useToken();
  const session = useObservable(bus.session$);
  const [form] = Form.useForm<Values>();
  // null until the agency's numbers are in: sending waits for them (a text sent before would have no number to go to)
  const [numbers, setNumbers] = useState<Array<{ phoneNumber: string; friendlyName: string }> | null>(null);
  const [texts, setTexts] = useState<SmsMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failing, setFailing] = useState<string | null>(null);
  const from = digits(Form.useWatch('from', form) ?? '');

  useEffect(() => {
    smsApi.simulatorNumbers().then(
      (list) => {
        setNumbers(list);
        if (list[0] && !form.getFieldValue('to')) form.setFieldValue('to', list[0].phoneNumber);
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [form]);

  const refresh = useCallback(async () => {
    if (from.length !== 11) return setTexts([]);
    try {
      setTexts(await smsApi.simulatorTexts(from));
    } catch (err) {
      setError(errorMessage(err));
    }
  }, [from]);
  useEffect(() => void refresh(), [refresh]);
  // What the agency sends shows up as it goes.
  useEffect(() => {
    const sub = bus.on('sms_room_update').subscribe(({ room }) => room.phoneNumber === from && void refresh());
    return () => sub.unsubscribe();
  }, [from, refresh]);

  if (!isAdminRole(session?.user.role)) return <Alert type="warning" showIcon title="You do not have access to perform this action." />;

  // The local carrier fails the next text the agency sends this client (a Resend of it goes through).
  async function failNext() {
    setError(null);
    try {
      await failNextText(from);
      setFailing(from);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function send(values: Values) {
    setSending(true);
    setError(null);
    try {
      await smsApi.simulatorText({ from: values.from, to: values.to, body: values.body });
      form.setFieldValue('body', '');
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card title="Carrier simulator" style={{ width: 420 }}>
        <Typography.Paragraph type="secondary">
          Be a client: text one of the agency&apos;s numbers through the local carrier and read the replies here.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void send(v)} requiredMark={false}>
          <Form.Item
            label="Client number"
            name="from"
            rules={[{ required: true, pattern: /^[\d\s()+.-]{10,20}$/, message: 'Enter a 10 or 11 digit phone number' }]}
          >
            <Input inputMode="tel" placeholder="(512) 555-0142" />
          </Form.Item>
          <Form.Item label="Agency number" name="to" rules={[{ required: true, message: 'Choose a number' }]}>
            <Select
              loading={!numbers}
              options={(numbers ?? []).map((n) => ({ value: n.phoneNumber, label: `${n.friendlyName || 'Number'} · ${formatPhone(n.phoneNumber)}` }))}
            />
          </Form.Item>
          <Form.Item label="Text" name="body" rules={[{ required: true, whitespace: true, message: 'Type a text' }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button type="primary" htmlType="submit" loading={sending} disabled={!numbers}>
              Send Text
            </Button>
            <Button onClick={() => void failNext()} disabled={from.length !== 11}>
              Fail Next Text
            </Button>
          </div>
          {failing === from && from.length === 11 && (
            <Typography.Paragraph type="secondary" role="status" style={{ marginTop: 8, marginBottom: 0 }}>
              The next text to {formatPhone(from)} will fail.
            </Typography.Paragraph>
          )}
        </Form>
      </Card>
      <Card title={from.length === 11 ? `Texts of ${formatPhone(from)}` : 'Texts'} style={{ flex: 1, minWidth: 320 }}>
        {texts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No texts yet" />
        ) : (
          <div aria-label="Simulated phone" role="log">
            {texts.map((t) => {
              const fromClient = t.flow === 'incoming';
              return (
                <div key={t.id} style={{ display: 'flex', justifyContent: fromClient ? 'flex-end' : 'flex-start', margin: '6px 0' }}>
                  <div
                    style={{ maxWidth: '75%', padding: '8px 12px', borderRadius: 14, background: fromClient ? token.colorPrimaryBg : token.colorFillSecondary }}
                  >
                    <div style={{ whiteSpace: 'pre-wrap' }}>{t.message}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                      {fromClient ? 'Sent' : 'Received'} {formatDateTime(t.createdAt)}
                      {!fromClient && t.status !== 'delivered' ? ` · ${t.status}` : ''}
                    </Typography.Text>
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </Card>
    </div>
  );
}
