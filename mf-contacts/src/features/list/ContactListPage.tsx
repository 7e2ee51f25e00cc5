import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { Alert, Button, Empty, Input, Space, Tooltip, Typography } from 'antd';
import { CalendarOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import type { ClientListItem } from '@agency/contracts';
import { errorMessage, favoritesApi } from '@agency/api-client';
import { notifyError, useObservable } from '@agency/ui';
import { placeCall } from '../common/dial';
import { ExportButton, slug, type ExportChoice } from '../importExport/ExportButton';
import { AlphabetBar, type BarTab } from './AlphabetBar';
import { ContactRow, ContactRowStyles, ROW_HEIGHT, type RowActions } from './ContactRow';
import { displayName } from './names';
import { TagGroups } from './TagGroups';
import { useClientRows, type ListView } from './useClientRows';

export const OVERSCAN = 5;
/** Rows a letter jump asks for before the list has measured what it shows: a tall screen and the overscan. */
const JUMP_ROWS = 30;

interface RowProps {
  rowAt: (i: number) => ClientListItem | undefined;
  actions: RowActions;
  /** Bumped when loaded rows change, so the list renders them again. */
  version: number;
}

function Row({ index, style, ariaAttributes, rowAt, actions }: RowComponentProps<RowProps>) {
  return <ContactRow row={rowAt(index)} style={style} actions={actions} aria={ariaAttributes} />;
}

/**
 * The search box keeps what is typed itself, so a keystroke renders the box alone; the page hears of
 * it through onType.
 */
const SearchBox = memo(function SearchBox({ loading, onType }: { loading: boolean; onType: (text: string) => void }) {
  const [text, setText] = useState('');
  const change = (value: string) => {
    setText(value);
    onType(value);
  };
  return (
    <Input.Search
      aria-label="Search contacts"
      placeholder="Search names, phones, email or company"
      allowClear
      value={text}
      loading={loading}
      onChange={(e) => change(e.target.value)}
      onSearch={change}
    />
  );
});

function viewOf(search: string, tab: BarTab | null, tag: { id: string } | null): ListView {
  if (search) return { kind: 'search', search };
  if (tab === 'favorites') return { kind: 'favorites' };
  if (tab === 'tags' && tag) return { kind: 'tag', tag: tag.id };
  return { kind: 'all' };
}

/**
 * /contacts: search, the alphabet bar and the long virtualised list. Every keystroke asks for its
 * rows at once (the request of the text before it is cancelled); the rows on screen stay until the
 * new ones are in.
 */
export function ContactListPage() {
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const [text, setText] = useState('');
  const search = text.trim();
  /** What the box holds now (the page's text follows it in a transition). */
  const typed = useRef('');
  /** Bumped to empty the search box from outside it (a letter chosen). */
  const [cleared, setCleared] = useState(0);
  const [tab, setTab] = useState<BarTab | null>(null);
  const [tag, setTag] = useState<{ id: string; name: string } | null>(null);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  /**
   * Whether the person chose Favorites or Tags: set as they click, before the chosen tab renders
   * (it does in a transition), so the letter in view cannot take the bar back meanwhile.
   */
  const modeRef = useRef<'letters' | 'favorites' | 'tags'>('letters');
  const listRef = useListRef(null);
  const pendingJump = useRef<string | null>(null);

  const view: ListView = useMemo(() => viewOf(search, tab, tag), [search, tab, tag]);
  const rows = useClientRows(view);
  const { rowAt, ensure, letterAt, letterStart, patchRow, reload, request, version, shownKey } = rows;
  // a keystroke asks for its rows at once; the page follows in a transition, after the box is painted
  const filters = useRef({ tab, tag });
  filters.current = { tab, tag };
  const type = useCallback(
    (value: string) => {
      typed.current = value;
      // the request leaves now; the state it sets (pending) renders with the page
      startTransition(() => {
        request(viewOf(value.trim(), filters.current.tab, filters.current.tag));
        setText(value);
      });
    },
    [request],
  );

  // a letter chosen before the letter counts arrived is jumped to once they have
  useEffect(() => {
    const letter = pendingJump.current;
    if (!letter) return;
    const start = letterStart(letter);
    if (start !== null && listRef.current) {
      pendingJump.current = null;
      listRef.current.scrollToRow({ index: start, align: 'start' });
    }
  }, [version, letterStart, listRef]);

  // what the rows on screen are: the view typed may still be on its way
  const shown = useMemo(() => (shownKey ? (JSON.parse(shownKey) as ListView) : view), [shownKey, view]);
  const viewKind = shown.kind;
  const viewKindRef = useRef(viewKind);
  viewKindRef.current = viewKind;
  const selectTab = useCallback(
    (next: BarTab) => {
      // the rows are asked for first; the bar and the page render after, in a transition
      modeRef.current = next === 'favorites' || next === 'tags' ? next : 'letters';
      const start = viewKindRef.current === 'all' && next !== 'favorites' && next !== 'tags' ? letterStart(next) : null;
      if (start !== null) ensure(start, start + JUMP_ROWS);
      startTransition(() => {
        if (next === 'favorites' || next === 'tags') {
          setTab(next);
          setTag(null);
          return;
        }
        if (typed.current) {
          typed.current = '';
          setText('');
          setCleared((n) => n + 1);
        }
        setTab(next);
      });
      if (next === 'favorites' || next === 'tags') return;
      pendingJump.current = next;
      if (start !== null && listRef.current) {
        pendingJump.current = null;
        listRef.current.scrollToRow({ index: start, align: 'start' });
      }
    },
    [ensure, letterStart, listRef],
  );

  const userId = session?.user.id;
  const actions: RowActions = useMemo(
    () => ({
      onCall: (row) => placeCall(row.mobilePhone || row.phone || row.coMobilePhone, displayName(row), row.id),
      onFavorite: (row, favorite) => {
        if (!userId) return;
        patchRow(row.id, { isFavorite: favorite });
        (favorite ? favoritesApi.add(userId, row.id) : favoritesApi.remove(userId, row.id))
          .then(() => {
            if (viewKindRef.current === 'favorites') reload();
          })
          .catch((err: unknown) => {
            patchRow(row.id, { isFavorite: !favorite });
            notifyError(errorMessage(err));
          });
      },
    }),
    [patchRow, reload, userId],
  );

  const onRowsRendered = useCallback(
    (visible: { startIndex: number; stopIndex: number }, all: { startIndex: number; stopIndex: number }) => {
      ensure(all.startIndex, all.stopIndex);
      if (viewKind === 'all') {
        const letter = letterAt(visible.startIndex);
        // called on every scrolled frame: the page renders again only when the letter in view changes
        if (letter && pendingJump.current === null && modeRef.current === 'letters' && tabRef.current !== letter) setTab(letter as BarTab);
      }
    },
    [ensure, letterAt, viewKind],
  );

  const lettersWithRows = rows.lettersWithRows;
  const lettersKnown = viewKind === 'all' && rows.total !== null;
  const enabled = useCallback((l: string) => !lettersKnown || lettersWithRows.includes(l), [lettersKnown, lettersWithRows]);
  const rowProps = useMemo(() => ({ rowAt, actions, version }), [rowAt, actions, version]);

  const total = rows.total;
  const exportChoices = useMemo((): ExportChoice[] => {
    const count = total === null ? '' : ` (${total.toLocaleString('en-US')})`;
    if (view.kind === 'search')
      return [
        {
          key: 'list',
          label: `Export the contacts matching "${view.search}"${count} as CSV`,
          query: { search: view.search },
          filename: `contacts-${slug(view.search)}.csv`,
        },
      ];
    if (view.kind === 'favorites')
      return [{ key: 'list', label: `Export the favorite contacts${count} as CSV`, query: { favorites: true }, filename: 'contacts-favorites.csv' }];
    if (view.kind === 'tag')
      return [
        {
          key: 'list',
          label: `Export the contacts tagged ${tag?.name ?? ''}${count} as CSV`,
          query: { tag: view.tag },
          filename: `contacts-${slug(tag?.name ?? 'tag')}.csv`,
        },
      ];
    const all: ExportChoice = { key: 'list', label: `Export all contacts${count} as CSV`, query: {}, filename: 'contacts.csv' };
    const letter = tab && tab !== 'favorites' && tab !== 'tags' ? tab : null;
    return letter
      ? [
          all,
          {
            key: 'letter',
            label: `Export the contacts under ${letter.toUpperCase()} as CSV`,
            query: { letter },
            filename: `contacts-${letter === '#' ? 'other' : letter}.csv`,
          },
        ]
      : [all];
  }, [view, tag, tab, total]);
  const showTags = tab === 'tags' && !tag && !search;
  const title = tag && tab === 'tags' && !search ? `Contacts: ${tag.name}` : 'Contacts';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 190px)', minHeight: 420 }}>
      <ContactRowStyles />
      <Space style={{ justifyContent: 'space-between', display: 'flex', flexWrap: 'wrap' }}>
        <Tooltip title={`${total ?? 0} Contacts`}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="contacts-title">
            {title}
          </Typography.Title>
        </Tooltip>
        <Space wrap>
          <Tooltip title="Policies and coverages ending soon">
            <Button icon={<CalendarOutlined />} onClick={() => navigate('/renewals')}>
              Renewals
            </Button>
          </Tooltip>
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
        <SearchBox key={cleared} loading={rows.pending && !!search} onType={type} />
        <Tooltip title="Refresh">
          <Button aria-label="Refresh" icon={<ReloadOutlined />} onClick={reload} />
        </Tooltip>
      </Space.Compact>
      <AlphabetBar active={search ? null : tab} onSelect={selectTab} enabled={enabled} />
      {rows.error ? <Alert type="error" showIcon title={errorMessage(rows.error)} style={{ marginBottom: 8 }} /> : null}
      {showTags ? (
        <TagGroups onChoose={setTag} />
      ) : total === null ? (
        <Typography.Text role="status">Loading...</Typography.Text>
      ) : total === 0 ? (
        <Empty
          description={
            shown.kind === 'search' ? `No contacts match "${shown.search}"` : shown.kind === 'favorites' ? 'No favorite contacts yet' : 'No contacts'
          }
        />
      ) : (
        <div style={{ flex: 1, minHeight: 0 }} data-testid="contact-list">
          {/* a new view mounts a new list, at its top; the list is a list of its rows itself */}
          <List<RowProps>
            aria-label="Contacts"
            key={shownKey ?? ''}
            listRef={listRef}
            rowComponent={Row}
            rowCount={total}
            rowHeight={ROW_HEIGHT}
            overscanCount={OVERSCAN}
            rowProps={rowProps}
            onRowsRendered={onRowsRendered}
            style={{ height: '100%' }}
          />
        </div>
      )}
    </div>
  );
}
