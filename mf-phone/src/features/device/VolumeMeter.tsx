import { theme } from 'antd';

/** Spec 000 §4: level <= 0 gray (none), < 0.5 green (good), < 0.75 yellow (medium), otherwise red (high). */
export function volumeLevel(level: number): { name: 'none' | 'good' | 'medium' | 'high'; color: string } {
  if (level <= 0) return { name: 'none', color: '#bfbfbf' };
  if (level < 0.5) return { name: 'good', color: '#52c41a' };
  if (level < 0.75) return { name: 'medium', color: '#fadb14' };
  return { name: 'high', color: '#f5222d' };
}

/** A small level bar with its level as a meter for assistive technology (and tests). */
export function VolumeMeter({ label, level }: { label: string; level: number }) {
  const { token } = theme.useToken();
  const { color } = volumeLevel(level);
  const pct = Math.round(Math.min(1, Math.max(0, level)) * 100);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12, color: token.colorTextSecondary }}>
      {label}
      <span
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        style={{ width: 44, height: 6, borderRadius: 3, background: token.colorFillSecondary, overflow: 'hidden' }}
      >
        <span
          style={{ display: 'block', width: `${Math.max(pct, level > 0 ? 6 : 0)}%`, height: '100%', background: color, transition: 'width 120ms linear' }}
        />
      </span>
    </span>
  );
}
