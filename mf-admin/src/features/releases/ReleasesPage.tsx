import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Skeleton, Table, Tag, theme, Tooltip, Typography } from 'antd';
import { api, errorMessage, releasesApi } from '@agency/api-client';
import {
  describePreflightProblem,
  RELEASE_CHANGE_ACTIONS,
  RELEASE_CHANGE_VIA,
  RELEASE_HISTORY_PAGE_SIZE,
  SHELL_RELEASE,
  shellNeeded,
  type ReleaseChange,
  type ReleaseHistory,
  type ReleaseHistoryQuery,
  type ReleaseEntry,
  type RemoteReleases,
} from '@agency/contracts';
import { formatDateTime, RetryAlert, useLiveQuery } from '@agency/ui';
import { DeployKeys } from './DeployKeys';
import { RowList } from './RowList';

/** What Roll Back or Activate is about to do: a remote, one of its releases, and whether it was active before. */
interface Pending {
  remote: RemoteReleases;
  entry: ReleaseEntry;
  rollBack: boolean;
}

/** The areas a shell's release could not serve, by name. */
const unserved = (entry: ReleaseEntry) => [...new Set(entry.missing.map((p) => p.remote ?? ''))].filter(Boolean);

/** The preflight's verdict in words: of a remote's release under the active shell, of a shell's against the active remotes. */
function Verdict({ entry, isShell }: { entry: ReleaseEntry; isShell: boolean }) {
  if (isShell) {
    const areas = unserved(entry);
    if (!areas.length) return <Tag color="green">Serves every active area</Tag>;
    return (
      <Tooltip title={`Missing: ${entry.missing.map(describePreflightProblem).join('; ')}`}>
        <Tag color="red">Cannot serve {areas.join(', ')}</Tag>
      </Tooltip>
    );
  }
  const needed = shellNeeded(entry.missing);
  if (!needed) return <Tag color="green">Served by the shell</Tag>;
  return (
    <Tooltip title={`Missing: ${entry.missing.map(describePreflightProblem).join('; ')}`}>
      <Tag color="red">Needs {needed === 'newer' ? 'a newer' : 'an older'} shell</Tag>
    </Tooltip>
  );
}

/** Roll Back / Activate: the reason the history keeps, and, past a failing preflight, a forced activation. */
function ActivateDialog({ pending, onClose, onDone }: { pending: Pending; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string; force: boolean }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { remote, entry, rollBack } = pending;
  const verb = rollBack ? 'Roll Back' : 'Activate';
  const submit = async ({ reason, force }: { reason: string; force?: boolean }) => {
    setSaving(true);
    setError(null);
    try {
      await releasesApi.activate(remote.remote, { release: entry.release, reason, force: !!force });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={rollBack ? `Roll ${remote.title} back to ${entry.release}` : `Activate ${remote.title} ${entry.release}`}
      okText={verb}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ reason: '', force: false }}>
        {entry.missing.length > 0 && remote.remote === SHELL_RELEASE && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`This shell cannot serve ${unserved(entry).join(', ')}`}
            description={`Missing: ${entry.missing.map(describePreflightProblem).join('; ')}. Staff would see a notice in those areas.`}
          />
        )}
        {entry.missing.length > 0 && remote.remote !== SHELL_RELEASE && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`This release needs ${shellNeeded(entry.missing) === 'newer' ? 'a newer' : 'an older'} shell`}
            description={`The active shell does not provide: ${entry.missing.map(describePreflightProblem).join('; ')}. Staff would see a notice in its place.`}
          />
        )}
        <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: 'Give a reason' }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        {entry.missing.length > 0 && (
          <Form.Item
            name="force"
            valuePropName="checked"
            rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('Confirm to activate it all the same'))) }]}
          >
            <Checkbox>Activate it all the same (the release's record keeps that it was forced)</Checkbox>
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Modal>
  );
}

/** A release's line: its name, whether it is active, when and by whom it shipped, the preflight's verdict, the note on demand and its action. */
function ReleaseItem({ remote, entry, onAct }: { remote: RemoteReleases; entry: ReleaseEntry; onAct: (pending: Pending) => void }) {
  const active = entry.release === remote.active;
  const rollBack = remote.earlier.includes(entry.release);
  const record = entry.record;
  const { token } = theme.useToken();
  return (
    // the row's whole box is tinted for the active release
    <div
      style={{
        margin: `-${token.paddingSM}px -${token.padding}px`,
        padding: `${token.paddingSM}px ${token.padding}px`,
        background: active ? token.colorPrimaryBg : undefined,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={8} align="center" wrap>
          {/* a release name never breaks: it is read and copied whole */}
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            {entry.release}
          </Typography.Text>
          {active && <Tag color="blue">Active</Tag>}
          <Verdict entry={entry} isShell={remote.remote === SHELL_RELEASE} />
        </Flex>
        {!active && (
          <Button size="small" onClick={() => onAct({ remote, entry, rollBack })}>
            {rollBack ? 'Roll Back' : 'Activate'}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">
        {record
          ? [`Released ${formatDateTime(record.releasedAt)}`, record.by && `by ${record.by}`, record.commit && `commit ${record.commit.slice(0, 7)}`]
              .filter(Boolean)
              .join(' · ')
          : 'Before records were kept'}
      </Typography.Text>
      {record?.note && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 1, expandable: 'collapsible' }}>
          {record.note}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** The active release first, then the others newest first. */
const activeFirst = (remote: RemoteReleases) => {
  const newestFirst = [...remote.releases].reverse();
  return [...newestFirst.filter((e) => e.release === remote.active), ...newestFirst.filter((e) => e.release !== remote.active)];
};

/**
 * GET /releases/history. Asked through the shell's api instance rather than a new method of the
 * shared api-client, so this page also runs under a shell released before the history.
 */
const fetchReleaseHistory = (params: ReleaseHistoryQuery) => api.get<ReleaseHistory>('/releases/history', { params }).then((r) => r.data);

/** Every release change, newest first, from this page and the command line: when, who, what, which release, why. */
function History({ round }: { round: number }) {
  const [page, setPage] = useState(1);
  const history = useLiveQuery(() => fetchReleaseHistory({ page, pageSize: RELEASE_HISTORY_PAGE_SIZE }), null, [page, round]);
  return (
    <section aria-labelledby="release-history">
      <Typography.Title level={5} id="release-history">
        History
      </Typography.Title>
      {history.error ? (
        <RetryAlert message={errorMessage(history.error)} onRetry={history.reload} />
      ) : (
        // scrolls sideways on a phone, with the keyboard too (a scroll area takes the focus)
        <div tabIndex={0} role="group" aria-label="History, scrolls sideways" style={{ overflowX: 'auto' }}>
          <Table<ReleaseChange>
            size="small"
            rowKey="id"
            aria-labelledby="release-history"
            loading={history.loading}
            dataSource={history.data?.items ?? []}
            // wraps in its column from 640 px on (the page beside the team list); narrower, its box scrolls
            style={{ minWidth: 640 }}
            locale={{ emptyText: 'No release change yet' }}
            pagination={{
              current: page,
              pageSize: RELEASE_HISTORY_PAGE_SIZE,
              total: history.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: setPage,
            }}
            columns={[
              { title: 'When', key: 'at', render: (_, c) => formatDateTime(c.at) },
              {
                title: 'By',
                key: 'by',
                render: (_, c) => (
                  <>
                    {c.by}{' '}
                    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                      ({RELEASE_CHANGE_VIA[c.via]})
                    </Typography.Text>
                  </>
                ),
              },
              { title: 'What', key: 'action', render: (_, c) => (c.forced ? `${RELEASE_CHANGE_ACTIONS[c.action]}, forced` : RELEASE_CHANGE_ACTIONS[c.action]) },
              {
                title: 'Release',
                key: 'release',
                render: (_, c) => (
                  <span>
                    {c.title} <Typography.Text code>{c.release}</Typography.Text>
                  </span>
                ),
              },
              {
                title: 'Reason',
                key: 'reason',
                render: (_, c) => (
                  <>
                    {c.reason ?? ''}
                    {c.forced && <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{`(${c.forced})`}</Typography.Paragraph>}
                  </>
                ),
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}

/** Ops' page (super users): per area the active release first, then the others newest first, each with Roll Back / Activate; the history of changes; the deploy keys. */
export function ReleasesPage() {
  const releases = useLiveQuery(() => releasesApi.overview());
  const [pending, setPending] = useState<Pending | null>(null);
  // each change made here reads the history again
  const [round, setRound] = useState(0);
  if (releases.error) return <RetryAlert message={errorMessage(releases.error)} onRetry={releases.reload} />;
  const overview = releases.data;
  return (
    <Flex vertical gap={24}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        Releases
      </Typography.Title>
      {!overview && releases.loading && <Skeleton active />}
      {overview && !overview.shellChecked && (
        <Alert type="info" showIcon title="The shell was built without a shared surface: the preflight has nothing to check releases against." />
      )}
      {(overview?.remotes ?? []).map((remote) => (
        <section key={remote.remote} aria-label={remote.title}>
          <Typography.Title level={5}>{remote.title}</Typography.Title>
          {remote.releases.length ? (
            <RowList label={`Releases of ${remote.title}`}>
              {activeFirst(remote).map((e) => (
                <ReleaseItem key={e.release} remote={remote} entry={e} onAct={setPending} />
              ))}
            </RowList>
          ) : (
            <Typography.Text type="secondary">No release yet</Typography.Text>
          )}
        </section>
      ))}
      <History round={round} />
      <DeployKeys />
      {pending && (
        <ActivateDialog
          pending={pending}
          onClose={() => setPending(null)}
          onDone={() => {
            setPending(null);
            releases.reload();
            setRound((n) => n + 1);
          }}
        />
      )}
    </Flex>
  );
}
