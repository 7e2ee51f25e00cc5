import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Flex, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { campaignsApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CAMPAIGN_MESSAGES, type Campaign, type CampaignFormat, type CampaignListQuery } from '@agency/contracts';
import { notifyError, notifySuccess, useLiveQuery, useObservable } from '@agency/ui';
import { Pager } from '../reports/Pager';
import { RunHistory } from './RunHistory';
import { accountZone, formatInZone, occurrenceSummary } from './schedule';

const campaignsUpdate$ = bus.on('campaigns_update');

type SortKey = 'name' | 'description' | 'scheduleStartOn' | 'createdAt';
/** The table's least width: its fixed columns and the expand button, and room for a description's first words. */
const CAMPAIGN_TABLE_WIDTH = 48 + 180 + 160 + 210 + 136 + 180;
const SORT_COLUMNS: Record<string, SortKey> = { name: 'name', description: 'description', start: 'scheduleStartOn' };

/** /campaigns: the account's campaigns, filtered by kind and status, each with its run history. */
export function CampaignsPage() {
  const navigate = useNavigate();
  // Times in the account's time zone, as the wizard sets them.
  const zone = accountZone(useObservable(bus.session$)?.account.timezone);
  const [format, setFormat] = useState<CampaignFormat | 'all'>('all');
  const [active, setActive] = useState<'true' | 'false'>('true');
  const [sort, setSort] = useState<NonNullable<CampaignListQuery['sort']>>('-createdAt');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const list = useLiveQuery(() => campaignsApi.list({ page, limit, sort, isActive: active, ...(format === 'all' ? {} : { format }) }), campaignsUpdate$, [
    format,
    active,
    sort,
    page,
    limit,
  ]);
  const rows = list.data ?? null;
  const error = list.error ? `${CAMPAIGN_MESSAGES.loadFailed}: ${errorMessage(list.error)}` : null;
  const { reload } = list;

  const remove = useCallback(
    async (c: Campaign) => {
      try {
        await campaignsApi.remove(c.id);
        notifySuccess(`Campaign ${c.name} deleted`);
        reload();
      } catch (err) {
        notifyError(`${CAMPAIGN_MESSAGES.deleteFailed}: ${errorMessage(err)}`);
      }
    },
    [reload],
  );
  const runNow = useCallback(async (c: Campaign) => {
    try {
      await campaignsApi.runNow(c.id);
      notifySuccess(`Campaign ${c.name} is running`);
    } catch (err) {
      notifyError(errorMessage(err));
    }
  }, []);

  const onSort = (s: SorterResult<Campaign> | SorterResult<Campaign>[]) => {
    const one = Array.isArray(s) ? s[0] : s;
    const column = one?.columnKey ? SORT_COLUMNS[String(one.columnKey)] : undefined;
    setSort(!column || !one?.order ? '-createdAt' : one.order === 'descend' ? `-${column}` : column);
    setPage(1);
  };
  const sortOrder = (key: string) => {
    const column = SORT_COLUMNS[key];
    if (sort === column) return 'ascend' as const;
    if (sort === `-${column}`) return 'descend' as const;
    return null;
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="campaigns-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Campaigns
        </Typography.Title>
        <Flex gap={12} align="center" wrap>
          <label htmlFor="campaign-format-filter">Campaign</label>
          <Select
            id="campaign-format-filter"
            aria-label="Campaign"
            value={format}
            style={{ width: 130 }}
            onChange={(v) => {
              setFormat(v);
              setPage(1);
            }}
            options={[
              { value: 'all', label: 'All' },
              { value: 'sms', label: 'Message' },
              { value: 'email', label: 'Email' },
            ]}
          />
          <label htmlFor="campaign-status-filter">Status</label>
          <Select
            id="campaign-status-filter"
            aria-label="Status"
            value={active}
            style={{ width: 130 }}
            onChange={(v) => {
              setActive(v);
              setPage(1);
            }}
            options={[
              { value: 'true', label: 'Active' },
              { value: 'false', label: 'Inactive' },
            ]}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/campaigns/create')}>
            Create
          </Button>
        </Flex>
      </Flex>
      {error && <Alert type="error" showIcon title={error} />}
      <Table<Campaign>
        rowKey="id"
        loading={list.loading && rows === null}
        dataSource={rows ?? []}
        pagination={false}
        onChange={(_p, _f, s) => onSort(s)}
        locale={{ emptyText: active === 'true' ? 'No active campaigns. Create one to text a tag of clients.' : 'No inactive campaigns' }}
        expandable={{ expandedRowRender: (c) => <RunHistory campaignId={c.id} timezone={zone} /> }}
        // The columns keep widths a name and a date read in; where the page is narrower (a phone
        // drawer open beside it) the table scrolls inside its own box rather than squeezing the name.
        scroll={rows?.length ? { x: CAMPAIGN_TABLE_WIDTH } : undefined}
        columns={[
          { title: 'Name', dataIndex: 'name', key: 'name', width: 180, sorter: true, sortOrder: sortOrder('name') },
          { title: 'Description', dataIndex: 'description', key: 'description', sorter: true, sortOrder: sortOrder('description'), ellipsis: true },
          { title: 'Start', key: 'start', width: 160, sorter: true, sortOrder: sortOrder('start'), render: (_, c) => formatInZone(c.scheduleStartOn, zone) },
          {
            // How often it runs, and when it runs next (or why it will not).
            title: 'Runs',
            key: 'runs',
            width: 210,
            render: (_, c) => (
              <Flex vertical gap={2} align="flex-start">
                <span>{occurrenceSummary(c)}</span>
                {c.nextRunOn ? (
                  <Typography.Text type="secondary">Next {formatInZone(c.nextRunOn, zone)}</Typography.Text>
                ) : (
                  <Tag>{c.isActive ? 'Finished' : 'Inactive'}</Tag>
                )}
              </Flex>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 136,
            render: (_, c) => (
              <Space size={4}>
                {c.isActive && (
                  <Popconfirm title={`Run ${c.name} now?`} okText="Run Now" onConfirm={() => runNow(c)}>
                    <Tooltip title="Run Now">
                      <Button type="text" icon={<SendOutlined />} aria-label={`Run ${c.name} now`} />
                    </Tooltip>
                  </Popconfirm>
                )}
                <Tooltip title="Edit">
                  <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${c.name}`} onClick={() => navigate(`/campaigns/${c.id}`)} />
                </Tooltip>
                <Popconfirm title={CAMPAIGN_MESSAGES.deleteConfirm(c.name)} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(c)}>
                  <Tooltip title="Delete">
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${c.name}`} />
                  </Tooltip>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Pager
        page={page}
        pageSize={limit}
        shown={rows?.length ?? 0}
        loading={list.loading}
        onPage={setPage}
        onPageSize={(n) => {
          setLimit(n);
          setPage(1);
        }}
      />
    </Space>
  );
}
