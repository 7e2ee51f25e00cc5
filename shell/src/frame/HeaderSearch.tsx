import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Empty, Input, Spin, Tabs, theme, Tooltip, Typography, type InputRef } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { clientsApi, errorMessage, smsApi } from '@agency/api-client';
import type { ClientListItem } from '@agency/contracts';
import { formatPhone } from '@agency/ui';

/** One found thing: what the row says, and where Enter takes you. */
export interface SearchHit {
  id: string;
  title: string;
  detail: string;
  to: string;
}

/** A tab of the header search: finds hits for a text, cancellable. */
export interface SearchSource {
  key: string;
  label: string;
  find(text: string, signal: AbortSignal): Promise<SearchHit[]>;
}

const MIN_CHARS = 2;
const WAIT_MS = 300;

const personName = (first: string | null, preferred: string | null, last: string | null) => [preferred || first, last].filter(Boolean).join(' ');

/** A client as a row: the people's names (or the company), then company, phones and email. */
export function clientHit(c: ClientListItem): SearchHit {
  const primary = personName(c.firstName, c.preferredFirstName, c.lastName);
  const secondary = personName(c.coFirstName, c.coPreferredFirstName, c.coLastName);
  const title = [primary, secondary].filter(Boolean).join(' & ') || c.companyName || 'Unnamed contact';
  const phone = c.mobilePhone || c.phone || c.coMobilePhone;
  const detail = [primary || secondary ? c.companyName : null, phone ? formatPhone(phone) : null, c.email].filter(Boolean).join(' · ');
  return { id: c.id, title, detail, to: `/contacts/contact/${c.id}` };
}

export const contactsSource: SearchSource = {
  key: 'contacts',
  label: 'Contacts',
  find: async (text, signal) => (await clientsApi.list({ search: text, limit: 20 }, { signal })).items.map(clientHit),
};

/** Texts in the SMS rooms (the server searches from 4 characters). */
export const messagesSource: SearchSource = {
  key: 'messages',
  label: 'Messages',
  find: async (text, signal) => {
    if (text.length < 4) return [];
    const hits = await smsApi.search(text, { signal });
    return hits.map(({ room, matches }) => ({
      id: room.id,
      title: room.client?.name || formatPhone(room.phoneNumber),
      detail: matches[0]?.message ?? '',
      to: `/messages/${room.id}`,
    }));
  },
};

/** The tabs of the header search, in order (Messages only where the account texts). */
export const SEARCH_SOURCES: SearchSource[] = [contactsSource, messagesSource];
export const CONTACT_SEARCH_SOURCES: SearchSource[] = [contactsSource];

type Results = Record<string, SearchHit[] | { error: string }>;

/**
 * The header's search (spec 000 §2 "a contact search with tabs"): one box finds people across the
 * sources, each in its own tab with its count. Arrow keys move through the rows (left and right
 * change tabs), Enter opens the row, Escape closes.
 *
 * `compact` (phones): a Search button in the header that opens the box over the header's width,
 * with a button to close it; the keyboard goes to the box, and back to the button when it closes.
 */
export function HeaderSearch({ sources = SEARCH_SOURCES, compact = false, width = 260 }: { sources?: SearchSource[]; compact?: boolean; width?: number }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<Results>({});
  const [loading, setLoading] = useState(false);
  const [tab, setTab] = useState(sources[0]!.key);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const input = useRef<InputRef>(null);
  const wasExpanded = useRef(false);
  // The box takes the keyboard when it opens; the Search button takes it back when the box closes.
  useEffect(() => {
    if (expanded) input.current?.focus();
    else if (wasExpanded.current) searchButton.current?.focus();
    wasExpanded.current = expanded;
  }, [expanded]);
  const collapse = () => {
    setOpen(false);
    setText('');
    setExpanded(false);
  };

  const query = text.trim();
  useEffect(() => {
    setActive(-1);
    if (query.length < MIN_CHARS) {
      setResults({});
      setLoading(false);
      return;
    }
    const abort = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      void Promise.all(
        sources.map((s) =>
          s.find(query, abort.signal).then(
            (hits) => [s.key, hits] as const,
            (err: unknown) => [s.key, { error: errorMessage(err) }] as const,
          ),
        ),
      ).then((pairs) => {
        if (abort.signal.aborted) return;
        const next: Results = Object.fromEntries(pairs);
        setResults(next);
        setLoading(false);
        // Stay on the tab unless it found nothing and another did.
        const has = (key: string) => {
          const found = next[key];
          return Array.isArray(found) && found.length > 0;
        };
        setTab((current) => (has(current) ? current : (sources.find((s) => has(s.key))?.key ?? current)));
      });
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, sources]);

  // A click anywhere else closes the results (and, on a phone, the box).
  useEffect(() => {
    if (!open && !expanded) return;
    const close = (e: MouseEvent) => {
      if (box.current?.contains(e.target as Node)) return;
      setOpen(false);
      if (expanded) {
        setText('');
        setExpanded(false);
      }
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, expanded]);

  const hits = useMemo(() => {
    const r = results[tab];
    return Array.isArray(r) ? r : [];
  }, [results, tab]);

  const go = (hit: SearchHit) => {
    setOpen(false);
    setText('');
    setExpanded(false);
    navigate(hit.to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') return compact ? collapse() : setOpen(false);
    if (!open) setOpen(true);
    const moveTab = (step: number) => {
      const i = sources.findIndex((s) => s.key === tab);
      setTab(sources[(i + step + sources.length) % sources.length]!.key);
      setActive(0);
    };
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, hits.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, -1));
    } else if (active >= 0 && (e.key === 'ArrowRight' || e.key === 'ArrowLeft') && sources.length > 1) {
      e.preventDefault();
      moveTab(e.key === 'ArrowRight' ? 1 : -1);
    } else if (e.key === 'Enter') {
      const hit = hits[Math.max(active, 0)];
      if (hit) go(hit);
    }
  };

  const showPanel = open && query.length >= MIN_CHARS;
  const activeId = active >= 0 && hits[active] ? `${listId}-${active}` : undefined;
  const countOf = (key: string) => {
    const r = results[key];
    return Array.isArray(r) ? r.length : 0;
  };
  const current = results[tab];

  if (compact && !expanded) {
    return (
      <Tooltip title="Search">
        <Button ref={searchButton} type="text" icon={<SearchOutlined />} aria-label="Find contacts and texts" onClick={() => setExpanded(true)} />
      </Tooltip>
    );
  }

  return (
    <div
      ref={box}
      style={
        compact
          ? // over the header, from edge to edge
            { position: 'absolute', inset: '0 8px', zIndex: 2, display: 'flex', alignItems: 'center', gap: 8, background: token.colorBgContainer }
          : { position: 'relative', width, flex: 'none' }
      }
    >
      <Input
        ref={input}
        style={compact ? { flex: 1 } : undefined}
        aria-label="Find contacts and texts"
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-autocomplete="list"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {compact && <Button type="text" icon={<CloseOutlined />} aria-label="Close search" onClick={collapse} />}
      {showPanel && (
        <div
          style={{
            position: 'absolute',
            top: compact ? '100%' : 'calc(100% + 4px)',
            right: 0,
            width: 'min(380px, calc(100vw - 16px))',
            zIndex: 1050,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            padding: '0 8px 8px',
          }}
        >
          <Tabs
            size="small"
            activeKey={tab}
            onChange={(key) => {
              setTab(key);
              setActive(-1);
            }}
            items={sources.map((s) => ({ key: s.key, label: `${s.label} (${loading ? '…' : countOf(s.key)})` }))}
          />
          <div id={listId} role="listbox" aria-label={`${sources.find((s) => s.key === tab)?.label ?? ''} found`} style={{ maxHeight: 360, overflow: 'auto' }}>
            {loading ? (
              <div style={{ padding: 16, textAlign: 'center' }}>
                <Spin size="small" aria-label="Searching" />
              </div>
            ) : current && !Array.isArray(current) ? (
              <Typography.Text type="danger" role="alert" style={{ display: 'block', padding: 12 }}>
                {current.error}
              </Typography.Text>
            ) : hits.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`Nothing found for “${query}”`} />
            ) : (
              hits.map((hit, i) => (
                <div
                  key={hit.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(hit)}
                  onMouseEnter={() => setActive(i)}
                  style={{
                    padding: '6px 10px',
                    borderRadius: token.borderRadius,
                    cursor: 'pointer',
                    background: i === active ? token.controlItemBgActive : undefined,
                  }}
                >
                  <div style={{ fontWeight: 500 }}>{hit.title}</div>
                  {hit.detail && <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{hit.detail}</div>}
                </div>
              ))
            )}
          </div>
        </div>
      )}
    </div>
  );
}
