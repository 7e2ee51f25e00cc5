import { Letters } from './Letters';

// On its own: the app's frame draws it too, without the public pages' styles and theme.
/** The brand mark: the product's initials on the theme colour (the public pages' own, unless `color` says). */
export function BrandMark({ size = 40, color = 'var(--public-primary)' }: { size?: number; color?: string }) {
  return (
    <span
      aria-hidden
      className="public-mark"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: size / 4,
        background: color,
        color: '#fff',
        fontWeight: 700,
        fontSize: size * 0.4,
        letterSpacing: 0.5,
      }}
    >
      <Letters text="AD" />
    </span>
  );
}
