import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { Alert, Button, Empty, Input, Space, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import type { ClientListItem } from '@agency/contracts';
import { errorMessage, favoritesApi } from '@agency/api-client';
import { useObservable } from '@agency/ui';
import { placeCall } from '../common/dial';
import { notifyError } from '../common/notify';
import { ExportButton, slug, type ExportChoice } from '../importExport/ExportButton';
import { AlphabetBar, type BarTab } from './AlphabetBar';
import { ContactRow, ROW_HEIGHT, type RowActions } from './ContactRow';
import { displayName } from './names';
import { TagGroups } from './TagGroups';
import { useClientRows, type ListView } from './useClientRows';

export const OVERSCAN = 5;
const SEARCH_DELAY_MS = 120;

interface RowProps {
  rowAt: (i: number) => ClientListItem | undefined;
  actions: RowActions;
  version: number;
}

function Row({ index, style, rowAt, actions }: RowComponentProps<RowProps>) {
  return <ContactRow row={rowAt(index)} style={style} actions={actions} />;
}

/** /contacts: search, the alphabet bar and the long virtualised list. */
export function ContactListPage() {
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<BarTab | null>(null);
  const [tag, setTag] = useState<{ id: string; name: string } | null>(null);
  const listRef = useListRef(null);
  const pendingJump = useRef<string | null>(null);

  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);

  const view: ListView = useMemo(() => {
    if (search) return { kind: 'search', search };
    if (tab === 'favorites') return { kind: 'favorites' };
    if (tab === 'tags' && tag) return { kind: 'tag', tag: tag.id };
    return { kind: 'all' };
  }, [search, tab, tag]);
  const rows = useClientRows(view);

  // a letter chosen before the letter counts arrived is jumped to once they have
  useEffect(() => {
    const letter = pendingJump.current;
    if (!letter) return;
    const start = rows.letterStart(letter);
    if (start !== null && listRef.current) {
      pendingJump.current = null;
      listRef.current.scrollToRow({ index: start, align: 'start' });
    }
  }, [rows, rows.version, listRef]);

  const selectTab = (next: BarTab) => {
    if (next === 'favorites' || next === 'tags') {
      setTab(next);
      setTag(null);
      return;
    }
    setText('');
    setSearch('');
    setTab(next);
    pendingJump.current = next;
    const start = view.kind === 'all' ? rows.letterStart(next) : null;
    if (start !== null && listRef.current) {
      pendingJump.current = null;
      listRef.current.scrollToRow({ index: start, align: 'start' });
    }
  };

  const userId = session?.user.id;
  const actions: RowActions = useMemo(
    () => ({
      onCall: (row) => placeCall(row.mobilePhone || row.phone || row.coMobilePhone, displayName(row)),
      onFavorite: (row, favorite) => {
        if (!userId) return;
        rows.patchRow(row.id, { isFavorite: favorite });
        (favorite ? favoritesApi.add(userId, row.id) : favoritesApi.remove(userId, row.id))
          .then(() => {
            if (view.kind === 'favorites') rows.reload();
          })
          .catch((err: unknown) => {
            rows.patchRow(row.id, { isFavorite: !favorite });
            notifyError(errorMessage(err));
          });
      },
    }),
    [rows, userId, view.kind],
  );

  const onRowsRendered = useCallback(
    (visible: { startIndex: number; stopIndex: number }, all: { startIndex: number; stopIndex: number }) => {
      rows.ensure(all.startIndex, all.stopIndex);
      if (view.kind === 'all') {
        const letter = rows.letterAt(visible.startIndex);
        if (letter && pendingJump.current === null) setTab((t) => (t === 'favorites' || t === 'tags' ? t : (letter as BarTab)));
      }
    },
    [rows, view.kind],
  );

  const total = rows.total;
  const exportChoices = useMemo((): ExportChoice[] => {
    const count = total === null ? '' : ` (${total.toLocaleString('en-US')})`;
    if (view.kind === 'search') return [{ key: 'list', label: `Export the contacts matching "${view.search}"${count} as CSV`, query: { search: view.search }, filename: `contacts-${slug(view.search)}.csv` }];
    if (view.kind === 'favorites') return [{ key: 'list', label: `Export the favorite contacts${count} as CSV`, query: { favorites: true }, filename: 'contacts-favorites.csv' }];
    if (view.kind === 'tag') return [{ key: 'list', label: `Export the contacts tagged ${tag?.name ?? ''}${count} as CSV`, query: { tag: view.tag }, filename: `contacts-${slug(tag?.name ?? 'tag')}.csv` }];
    const all: ExportChoice = { key: 'list', label: `Export all contacts${count} as CSV`, query: {}, filename: 'contacts.csv' };
    const letter = tab && tab !== 'favorites' && tab !== 'tags' ? tab : null;
    return letter ? [all, { key: 'letter', label: `Export the contacts under ${letter.toUpperCase()} as CSV`, query: { letter }, filename: `contacts-${letter === '#' ? 'other' : letter}.csv` }] : [all];
  }, [view, tag, tab, total]);
  const showTags = tab === 'tags' && !tag && !search;
  const title = tag && tab === 'tags' && !search ? `Contacts: ${tag.name}` : 'Contacts';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 190px)', minHeight: 420 }}>
      <Space style={{ justifyContent: 'space-between', display: 'flex', flexWrap: 'wrap' }}>
        <Tooltip title={`${total ?? 0} Contacts`}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="contacts-title">
            {title}
          </Typography.Title>
        </Tooltip>
        <Space wrap>
          <Tooltip title="Import contacts from a CSV file">
            <Button icon={<UploadOutlined />} onClick={() => navigate('/contacts/import')}>
              Import
            </Button>
          </Tooltip>
          <ExportButton choices={exportChoices} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/contacts/contact/new')}>
            Add New
          </Button>
        </Space>
      </Space>
      <Space.Compact style={{ marginTop: 12, maxWidth: 560 }}>
        <Input.Search
          aria-label="Search contacts"
          placeholder="Search names, phones, email or company"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setSearch(v.trim())}
        />
        <Tooltip title="Refresh">
          <Button aria-label="Refresh" icon={<ReloadOutlined />} onClick={rows.reload} />
        </Tooltip>
      </Space.Compact>
      <AlphabetBar
        active={search ? null : tab}
        onSelect={selectTab}
        enabled={(l) => view.kind !== 'all' || rows.total === null || rows.lettersWithRows.includes(l)}
      />
      {rows.error ? <Alert type="error" showIcon title={errorMessage(rows.error)} style={{ marginBottom: 8 }} /> : null}
      {showTags ? (
        <TagGroups onChoose={(t) => setTag(t)} />
      ) : total === null ? (
        <Typography.Text role="status">Loading...</Typography.Text>
      ) : total === 0 ? (
        <Empty description={search ? `No contacts match "${search}"` : view.kind === 'favorites' ? 'No favorite contacts yet' : 'No contacts'} />
      ) : (
        <div style={{ flex: 1, minHeight: 0 }} role="list" aria-label="Contacts" data-testid="contact-list">
          <List<RowProps>
            listRef={listRef}
            rowComponent={Row}
            rowCount={total}
            rowHeight={ROW_HEIGHT}
            overscanCount={OVERSCAN}
            rowProps={{ rowAt: rows.rowAt, actions, version: rows.version }}
            onRowsRendered={onRowsRendered}
            style={{ height: '100%' }}
          />
        </div>
      )}
    </div>
  );
}
