import getDesignToken from 'antd/es/theme/getDesignToken';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import { THEME_SEED } from '../themeSeed';
import { contrastAlgorithm } from '../themeContrast';
import type { CSSProperties } from 'react';

export interface PublicTheme {
  dark: boolean;
  color: string;
}

/** The product's antd design tokens for the public pages, as CSS variables their styles read. */
export function themeVariables({ dark, color }: PublicTheme): CSSProperties {
  // the app's own theme, its colours made readable in either mode (see themeContrast.ts)
  const t = getDesignToken({ algorithm: [dark ? darkAlgorithm : defaultAlgorithm, contrastAlgorithm], token: { colorPrimary: color, ...THEME_SEED } });
  const vars: Record<string, string | number> = {
    '--public-primary': t.colorPrimary,
    '--public-primary-hover': t.colorPrimaryHover,
    '--public-primary-active': t.colorPrimaryActive,
    '--public-on-primary': t.colorTextLightSolid,
    '--public-bg': t.colorBgLayout,
    '--public-panel': t.colorBgContainer,
    '--public-border': t.colorBorderSecondary,
    '--public-control-border': t.colorBorder,
    '--public-outline': t.controlOutline,
    '--public-text': t.colorText,
    '--public-text-secondary': t.colorTextSecondary,
    '--public-text-tertiary': t.colorTextTertiary,
    // a select's placeholder is text on the page: it reads like the other secondary text
    '--public-placeholder': t.colorTextTertiary,
    '--public-disabled-bg': t.colorBgContainerDisabled,
    '--public-link': t.colorLink,
    '--public-link-hover': t.colorLinkHover,
    // the red of error text (in dark mode lighter than the red of a solid fill)
    '--public-error': t.colorErrorText,
    '--public-error-solid': t.colorError,
    '--public-error-bg': t.colorErrorBg,
    '--public-error-border': t.colorErrorBorder,
    '--public-warning': t.colorWarningText,
    '--public-info-bg': t.colorInfoBg,
    '--public-info-border': t.colorInfoBorder,
    '--public-success-bg': t.colorSuccessBg,
    '--public-success-border': t.colorSuccessBorder,
    '--public-star': t.yellow6,
    '--public-star-off': t.colorFillContent,
    '--public-radius': `${t.borderRadius}px`,
    '--public-radius-lg': `${t.borderRadiusLG}px`,
    '--public-shadow': t.boxShadowTertiary,
    '--public-control-height': `${t.controlHeightLG}px`,
    '--public-font': t.fontFamily,
    '--public-font-size': `${t.fontSize}px`,
    '--public-font-size-lg': `${t.fontSizeLG}px`,
  };
  // native parts (the checkbox, the select's list) follow the mode too
  return { ...vars, colorScheme: dark ? 'dark' : 'light' } as CSSProperties;
}
