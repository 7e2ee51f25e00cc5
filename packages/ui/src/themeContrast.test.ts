import getDesignToken from 'antd/es/theme/getDesignToken';
import { DEFAULT_THEME_COLOR } from '@agency/contracts';
import { composite, contrastRatio } from './contrast';
import { themeConfig } from './theme';
import { themeVariables } from './public/theme';

// The default, the colour picker's presets (a light yellow and a pale green among them) and the extremes.
const COLOURS = [
  DEFAULT_THEME_COLOR,
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#f5222d',
  '#fa8c16',
  '#faad14',
  '#52c41a',
  '#13c2c2',
  '#ffffff',
  '#000000',
  '#ffff00',
];
const MODES = [
  ['light', false],
  ['dark', true],
] as const;

/** The tokens every component of the app sees, and the component overrides, as the app's ConfigProvider gives them. */
function appTheme(color: string, dark: boolean) {
  const config = themeConfig({ color, dark });
  const token = getDesignToken(config);
  return { token, components: config.components };
}

describe.each(MODES)('%s mode', (_mode, dark) => {
  describe.each(COLOURS)('with the theme colour %s', (color) => {
    const { token: t, components } = appTheme(color, dark);
    const surfaces = [t.colorBgContainer, t.colorBgLayout, t.colorBgElevated];
    const onSurfaces = (c: string) => Math.min(...surfaces.map((bg) => contrastRatio(c, bg)));

    it('white text reads on the primary and danger fills, and their hover and pressed shades (4.5:1)', () => {
      for (const fill of [t.colorPrimary, t.colorPrimaryHover, t.colorPrimaryActive, t.colorError, t.colorErrorHover, t.colorErrorActive]) {
        expect(contrastRatio(t.colorTextLightSolid, fill)).toBeGreaterThanOrEqual(4.5);
      }
    });

    it('the primary and danger fills stand out from the page (3:1)', () => {
      expect(onSurfaces(t.colorPrimary)).toBeGreaterThanOrEqual(3);
      expect(onSurfaces(t.colorError)).toBeGreaterThanOrEqual(3);
    });

    it('primary, link, error, warning and success text read on every surface (4.5:1)', () => {
      for (const text of [
        t.colorPrimaryText,
        t.colorPrimaryTextHover,
        t.colorPrimaryTextActive,
        t.colorLink,
        t.colorLinkHover,
        t.colorErrorText,
        t.colorWarningText,
        t.colorSuccessText,
        t.colorInfoText,
      ]) {
        expect(onSurfaces(text)).toBeGreaterThanOrEqual(4.5);
      }
      // the selected item's tint (a menu's chosen row) and the error tint (an alert)
      expect(contrastRatio(t.colorPrimaryText, t.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.colorErrorText, t.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
    });

    it('secondary and described text and a placeholder read on every surface and on a table header (4.5:1)', () => {
      const header = composite(t.colorFillAlter, t.colorBgContainer);
      for (const grey of [t.colorText, t.colorTextSecondary, t.colorTextTertiary, t.colorTextDescription, t.colorTextPlaceholder, t.colorTextLabel]) {
        expect(onSurfaces(grey)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(grey, header)).toBeGreaterThanOrEqual(4.5);
      }
    });

    it('the edges of inputs and buttons and the focus ring stand out (3:1)', () => {
      expect(onSurfaces(t.colorBorder)).toBeGreaterThanOrEqual(3);
      expect(onSurfaces(t.colorPrimaryBorder)).toBeGreaterThanOrEqual(3);
    });

    it("preset colours' tags read: the 7th shade on the 1st, white on the 6th", () => {
      const p = t as unknown as Record<string, string>;
      for (const key of ['blue', 'purple', 'gold', 'green', 'red', 'orange', 'cyan', 'magenta', 'geekblue', 'lime', 'volcano']) {
        expect(contrastRatio(p[`${key}7`], p[`${key}1`])).toBeGreaterThanOrEqual(4.5);
        expect(onSurfaces(p[`${key}7`])).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio('#ffffff', p[`${key}6`])).toBeGreaterThanOrEqual(4.5);
      }
    });

    it("empty tables' and lists' words, and an avatar's initials, read", () => {
      for (const c of ['Table', 'List', 'Empty', 'Calendar', 'DatePicker'] as const)
        expect(onSurfaces(components[c].colorTextDisabled)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', components.Avatar.colorTextPlaceholder)).toBeGreaterThanOrEqual(4.5);
    });

    it('components that write in the primary colour write in its readable shade', () => {
      expect(components.Tabs.itemSelectedColor).toBe(t.colorPrimaryText);
      expect(components.Menu.itemSelectedColor).toBe(t.colorPrimaryText);
      expect(components.Pagination.itemActiveColor).toBe(t.colorPrimaryText);
      expect(components.Dropdown.colorPrimary).toBe(t.colorPrimaryText);
      expect(components.Form.colorError).toBe(t.colorErrorText);
    });

    it('the public pages use the same readable colours', () => {
      const v = themeVariables({ color, dark }) as Record<string, string>;
      expect(v['--public-primary']).toBe(t.colorPrimary);
      expect(contrastRatio(v['--public-on-primary'], v['--public-primary'])).toBeGreaterThanOrEqual(4.5);
      for (const text of ['--public-link', '--public-error', '--public-text-secondary', '--public-text-tertiary', '--public-placeholder', '--public-warning']) {
        expect(contrastRatio(v[text], v['--public-panel'])).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(v[text], v['--public-bg'])).toBeGreaterThanOrEqual(4.5);
      }
    });
  });

  it('a colour that already reads is kept as the person picked it', () => {
    const { token: t } = appTheme('#0958d9', false);
    if (!dark) expect(t.colorPrimary).toBe('#0958d9');
  });
});

test('the default teal: in light mode one shade darker does for fills and text; in dark mode the text is the lighter shade', () => {
  const light = appTheme(DEFAULT_THEME_COLOR, false).token;
  expect(light.colorPrimary).toBe(light.colorPrimaryText);
  expect(contrastRatio(light.colorPrimary, '#ffffff')).toBeLessThan(5.2); // changed no more than it had to be
  const dark = appTheme(DEFAULT_THEME_COLOR, true).token;
  expect(contrastRatio(dark.colorPrimaryText, dark.colorBgContainer)).toBeGreaterThan(contrastRatio(dark.colorPrimary, dark.colorBgContainer));
});

test('the same colour and mode give the same configuration object parts (worked out once)', () => {
  expect(themeConfig({ color: '#722ed1', dark: true }).components).toBe(themeConfig({ color: '#722ed1', dark: true }).components);
});
