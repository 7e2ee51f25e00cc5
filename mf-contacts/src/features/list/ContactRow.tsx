import { memo, useMemo, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { theme } from 'antd';
import { PhoneOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { ClientListItem } from '@agency/contracts';
import { formatPhone, initials } from '@agency/ui';
import { coDisplayName, displayName } from './names';

export const ROW_HEIGHT = 60;

export interface RowActions {
  onCall: (row: ClientListItem) => void;
  onFavorite: (row: ClientListItem, favorite: boolean) => void;
}

/**
 * The list's look, as one style sheet from the theme's tokens. Rows are plain elements with these
 * classes: a row mounts in a fraction of a millisecond, so scrolling and a search's results never
 * wait on per-row component trees (avatars, measured ellipses, tooltips).
 */
export function ContactRowStyles() {
  const { token: t } = theme.useToken();
  const css = useMemo(
    () => `
.adc-row{display:flex;align-items:center;gap:12px;padding:0 12px;border-bottom:1px solid ${t.colorBorderSecondary};box-sizing:border-box;font-size:${t.fontSize}px;color:${t.colorText}}
.adc-avatar{flex:none;width:32px;height:32px;border-radius:50%;background:${t.colorPrimary};color:${t.colorTextLightSolid};display:inline-flex;align-items:center;justify-content:center;font-size:14px;line-height:1;user-select:none}
.adc-main{flex:1;min-width:0;color:inherit;text-decoration:none}
.adc-main:hover{color:inherit}
.adc-line{display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.adc-name{font-weight:600;color:${t.colorText}}
.adc-co{font-weight:400;color:${t.colorTextSecondary}}
.adc-sub{font-size:12px;color:${t.colorTextSecondary}}
.adc-actions{flex:none;display:flex;gap:4px}
.adc-icon{width:32px;height:32px;padding:0;border:0;border-radius:50%;background:transparent;color:${t.colorText};cursor:pointer;display:inline-flex;align-items:center;justify-content:center;font-size:16px;transition:background ${t.motionDurationMid}}
.adc-icon:hover{background:${t.colorBgTextHover}}
.adc-icon:active{background:${t.colorBgTextActive}}
.adc-icon:focus-visible{outline:2px solid ${t.colorPrimaryBorder};outline-offset:1px}
.adc-star{color:${t.colorWarning}}
.adc-skel{display:block;height:14px;border-radius:4px;background:${t.colorFillSecondary}}
.adc-skel-avatar{flex:none;width:36px;height:36px;border-radius:50%;background:${t.colorFillSecondary}}
`,
    [t],
  );
  return <style>{css}</style>;
}

interface ContactRowProps {
  row: ClientListItem | undefined;
  style: CSSProperties;
  actions: RowActions;
  /** The list item's position (aria-posinset, aria-setsize, role) from the virtual list. */
  aria?: Record<string, string | number>;
}

const sameRow = (a: ContactRowProps, b: ContactRowProps) =>
  a.row === b.row &&
  a.actions === b.actions &&
  a.style.transform === b.style.transform &&
  a.style.height === b.style.height &&
  a.aria?.['aria-setsize'] === b.aria?.['aria-setsize'] &&
  a.aria?.['aria-posinset'] === b.aria?.['aria-posinset'];

/** One contact row: avatar, names, phone and email, with call and favorite actions. */
export const ContactRow = memo(function ContactRow({ row, style, actions, aria }: ContactRowProps) {
  if (!row) {
    return (
      <div className="adc-row" style={style} aria-busy="true" {...aria}>
        <span className="adc-skel-avatar" />
        <span className="adc-skel" style={{ width: '40%' }} />
      </div>
    );
  }
  const name = displayName(row);
  const co = coDisplayName(row);
  const phone = row.mobilePhone || row.phone || row.coMobilePhone;
  const sub = [row.companyName && row.companyName !== name ? row.companyName : null, formatPhone(phone), row.email].filter(Boolean).join(' · ') || '\u00a0';
  return (
    <div className="adc-row" style={style} data-testid="contact-row" {...aria}>
      <span className="adc-avatar" aria-hidden="true">
        {initials({ firstName: row.firstName ?? row.companyName, lastName: row.lastName })}
      </span>
      <Link to={`/contacts/contact/${row.id}`} className="adc-main">
        <span className="adc-line adc-name">
          {name}
          {co ? <span className="adc-co"> &amp; {co}</span> : null}
        </span>
        <span className="adc-line adc-sub">{sub}</span>
      </Link>
      <span className="adc-actions">
        {phone ? (
          <button type="button" className="adc-icon" title="Call" aria-label={`Call ${name}`} onClick={() => actions.onCall(row)}>
            <PhoneOutlined />
          </button>
        ) : null}
        {row.isFavorite ? (
          <button type="button" className="adc-icon" title="Unfavorite" aria-label={`Unfavorite ${name}`} onClick={() => actions.onFavorite(row, false)}>
            <StarFilled className="adc-star" />
          </button>
        ) : (
          <button type="button" className="adc-icon" title="Favorite" aria-label={`Favorite ${name}`} onClick={() => actions.onFavorite(row, true)}>
            <StarOutlined />
          </button>
        )}
      </span>
    </div>
  );
}, sameRow);
