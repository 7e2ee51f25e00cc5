import { useState } from 'react';
import { Alert, Button, Empty, Flex, Form, Input, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { errorMessage, numbersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { PHONE_MESSAGES, type AvailableNumber, type NumberSearchInput, type PhoneNumber } from '@agency/contracts';
import { formatPhone } from '@agency/ui';

const CRITERIA = [
  { value: 'areacode', label: 'Area code' },
  { value: 'number', label: 'Number' },
  { value: 'city', label: 'City' },
  { value: 'state', label: 'State' },
  { value: 'zipcode', label: 'Zip code' },
];
const MATCH = [
  { value: 'first', label: 'Starts with' },
  { value: 'any', label: 'Contains' },
  { value: 'last', label: 'Ends with' },
];

/** Purchase New Number: search the carrier's numbers by type and criteria, then buy one. */
export function PurchaseNumberTab({ accountId, onClose, onPurchased }: { accountId: string; onClose: () => void; onPurchased: (p: PhoneNumber) => void }) {
  const [form] = Form.useForm<Required<NumberSearchInput>>();
  const criteria = Form.useWatch('criteria', form);
  const type = Form.useWatch('type', form);
  const [results, setResults] = useState<AvailableNumber[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function search(v: Required<NumberSearchInput>) {
    setSearching(true);
    setError(null);
    try {
      setResults(await numbersApi.search(v));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSearching(false);
    }
  }

  async function buy(n: AvailableNumber) {
    setBuying(n.phoneNumber);
    setError(null);
    try {
      const bought = await numbersApi.purchase(accountId, n.phoneNumber);
      bus.toast({ kind: 'success', message: PHONE_MESSAGES.purchased(formatPhone(bought.phoneNumber)) });
      onPurchased(bought);
      onClose();
    } catch (err) {
      setError(PHONE_MESSAGES.purchaseFailed(errorMessage(err)));
    } finally {
      setBuying(null);
    }
  }

  return (
    <>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        name="number-search"
        initialValues={{ type: 'local', criteria: 'areacode', search: '', matchTo: 'any' }}
        onFinish={(v) => void search(v)}
      >
        <Form.Item label="Type" name="type">
          <Segmented
            options={[
              { value: 'local', label: 'Local' },
              { value: 'tollfree', label: 'Toll-free' },
            ]}
          />
        </Form.Item>
        <Flex gap={12} align="flex-end" wrap>
          {type !== 'tollfree' && (
            <Form.Item label="Search By" name="criteria" style={{ width: 150 }}>
              <Select options={CRITERIA} />
            </Form.Item>
          )}
          {(criteria === 'number' || type === 'tollfree') && (
            <Form.Item label="Match" name="matchTo" style={{ width: 140 }}>
              <Select options={MATCH} />
            </Form.Item>
          )}
          <Form.Item label="Search" name="search" style={{ flex: 1, minWidth: 160 }}>
            <Input autoFocus placeholder={criteria === 'areacode' ? '512' : criteria === 'state' ? 'TX' : undefined} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={searching}>
              Search
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      {searching ? (
        <Skeleton active title={false} paragraph={{ rows: 10 }} />
      ) : results === null ? null : results.length === 0 ? (
        <Empty description="No numbers match. Try another area code or fewer digits." />
      ) : (
        <ul aria-label="Available numbers" style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 360, overflowY: 'auto' }}>
          {results.map((n) => (
            <li key={n.phoneNumber} style={{ padding: '6px 0' }}>
              <Flex justify="space-between" align="center">
                <Space>
                  <Typography.Text strong>{formatPhone(n.phoneNumber)}</Typography.Text>
                  <Typography.Text type="secondary">{[n.locality, n.region].filter(Boolean).join(', ')}</Typography.Text>
                </Space>
                <Button
                  size="small"
                  onClick={() => void buy(n)}
                  loading={buying === n.phoneNumber}
                  disabled={!!buying}
                  aria-label={`Purchase ${formatPhone(n.phoneNumber)}`}
                >
                  Purchase
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
