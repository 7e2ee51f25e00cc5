import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import { composite, CONTROL_CONTRAST, contrastRatio, ensureContrast, fillUnderWhite, luminance, TEXT_CONTRAST } from './contrast';

/**
 * The last step of the product's antd theme: whatever colour a person picked and whichever mode,
 * the colours people read reach WCAG AA (4.5:1 for text, 3:1 for the edges of controls).
 *
 * - Solid colours with white text on them (the primary and danger buttons, badges, avatars) are
 *   made dark enough for the white.
 * - The `*Text` and link colours, the grey of secondary text and the error red are made to read
 *   on every surface (the container, the page behind it, popups, the selected-item tint).
 * - Control borders and the focus ring reach 3:1 against the surfaces.
 *
 * In light mode one colour does both jobs. In dark mode a colour cannot be both dark enough under
 * white text and light enough to read on near-black, so the solid colour is the darker one and
 * the text colours the lighter one; the components that write their text in the primary colour
 * (selected tabs, menu items, pages) get the text colour through `contrastComponents`.
 */
const PRESET_KEYS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];

export function contrastAlgorithm(_seed: SeedToken, map?: MapToken): MapToken {
  if (!map) throw new Error('contrastAlgorithm runs after the default or the dark algorithm');
  const dark = luminance(map.colorBgContainer) < 0.5;
  const surfaces = [map.colorBgContainer, map.colorBgLayout, map.colorBgElevated];
  const onWhite = map.colorWhite;

  // Solid colours under white text. In light mode they are also read as text on the surfaces.
  // In dark mode they are first made to stand out from the surfaces (3:1), then dark enough for the
  // white: between the two bounds there is room for every hue.
  const solid = (c: string, tint?: string) =>
    dark
      ? ensureContrast(ensureContrast(c, surfaces, CONTROL_CONTRAST), [onWhite], TEXT_CONTRAST)
      : ensureContrast(c, [onWhite, ...surfaces, ...(tint ? [tint] : [])], TEXT_CONTRAST);
  // Colours read as text on the surfaces (and on their own tint, as in an alert or a selected row).
  const text = (c: string, tint?: string) => ensureContrast(c, tint ? [...surfaces, tint] : surfaces, TEXT_CONTRAST);

  // The selected-item tint is made to set off the text on it, for colours whose own tint cannot
  // (black's tint is a dark grey).
  const tint = (bg: string, textColour: string) => ensureContrast(bg, text(textColour), TEXT_CONTRAST);
  const primaryBg = tint(map.colorPrimaryBg, map.colorPrimaryText);
  const errorBg = tint(map.colorErrorBg, map.colorErrorText);
  const primary = solid(map.colorPrimary, primaryBg);
  const error = solid(map.colorError, errorBg);

  // A neutral text grey: the colour base at the least alpha (from the given one up) that reads on
  // the surfaces, the alternate fill (table headers) and the selected-item tint included.
  const base = dark ? '255,255,255' : '0,0,0';
  const greyBackgrounds = [...surfaces, composite(map.colorFillQuaternary, map.colorBgContainer), primaryBg];
  const readableGrey = (given: string): string => {
    const m = /rgba?\([^)]*?,\s*([\d.]+)\s*\)$/.exec(given.replace(/\s+/g, ''));
    let alpha = m ? parseFloat(m[1]) : 0.45;
    const ok = (a: number) => greyBackgrounds.every((bg) => contrastRatio(`rgba(${base},${a})`, bg) >= TEXT_CONTRAST);
    while (alpha < 1 && !ok(alpha)) alpha = Math.round((alpha + 0.01) * 100) / 100;
    return `rgba(${base},${alpha})`;
  };

  // antd's preset colours (tags, badges): the 7th shade is text on the 1st (a tag) and on the
  // surfaces, the 6th a fill under white text (a solid tag).
  const presets: Record<string, string> = {};
  for (const key of PRESET_KEYS) {
    const palette = map as unknown as Record<string, string>;
    const light = palette[`${key}1`];
    const textShade = palette[`${key}7`];
    const fillShade = palette[`${key}6`];
    if (!light || !textShade || !fillShade) continue;
    const readableText = text(textShade, light);
    const fill = ensureContrast(fillShade, onWhite, TEXT_CONTRAST);
    presets[`${key}7`] = presets[`${key}-7`] = readableText;
    presets[`${key}6`] = presets[`${key}-6`] = fill;
  }

  return {
    ...map,
    ...presets,
    colorPrimary: primary,
    colorPrimaryBg: primaryBg,
    ...hoverAndActive('colorPrimary', primary, map.colorPrimaryHover, map.colorPrimaryActive, solid, dark),
    colorPrimaryText: text(map.colorPrimaryText, primaryBg),
    colorPrimaryTextHover: text(map.colorPrimaryTextHover, primaryBg),
    colorPrimaryTextActive: text(map.colorPrimaryTextActive, primaryBg),
    colorError: error,
    colorErrorBg: errorBg,
    ...hoverAndActive('colorError', error, map.colorErrorHover, map.colorErrorActive, solid, dark),
    colorErrorText: text(map.colorErrorText, errorBg),
    colorErrorTextHover: text(map.colorErrorTextHover, errorBg),
    colorErrorTextActive: text(map.colorErrorTextActive, errorBg),
    colorWarningText: text(map.colorWarningText, map.colorWarningBg),
    colorWarningTextHover: text(map.colorWarningTextHover, map.colorWarningBg),
    colorWarningTextActive: text(map.colorWarningTextActive, map.colorWarningBg),
    colorSuccessText: text(map.colorSuccessText, map.colorSuccessBg),
    colorSuccessTextHover: text(map.colorSuccessTextHover, map.colorSuccessBg),
    colorSuccessTextActive: text(map.colorSuccessTextActive, map.colorSuccessBg),
    colorInfoText: text(map.colorInfoText, map.colorInfoBg),
    colorInfoTextHover: text(map.colorInfoTextHover, map.colorInfoBg),
    colorInfoTextActive: text(map.colorInfoTextActive, map.colorInfoBg),
    // links also sit on rows tinted as errors (a call log's calls to review)
    colorLink: text(map.colorLink, errorBg),
    colorLinkHover: text(map.colorLinkHover, errorBg),
    colorLinkActive: text(map.colorLinkActive, errorBg),
    colorTextSecondary: readableGrey(map.colorTextSecondary),
    colorTextTertiary: readableGrey(map.colorTextTertiary),
    colorBorder: ensureContrast(map.colorBorder, surfaces, CONTROL_CONTRAST),
    // antd draws the keyboard's focus ring in this colour: it must show on every surface
    colorPrimaryBorder: ensureContrast(map.colorPrimaryBorder, surfaces, CONTROL_CONTRAST),
  };
}

/**
 * The hover and active shades of a solid colour that keep white text readable: antd's own where
 * they do; where they do not (they are lighter than the colour), one and two steps darker than it,
 * so a hover still shows.
 */
function hoverAndActive(
  name: 'colorPrimary' | 'colorError',
  solidColor: string,
  hover: string,
  active: string,
  solid: (c: string) => string,
  dark: boolean,
): Record<string, string> {
  const ratio = contrastRatio('#ffffff', solidColor);
  // smaller steps in dark mode, where darker also means closer to the surface
  const step = dark ? 0.6 : 0.9;
  const darker = (n: number) => ensureContrast(solidColor, '#ffffff', ratio + n * step);
  const h = solid(hover) === hover.toLowerCase() ? hover : darker(1);
  const a = solid(active) === active.toLowerCase() && active.toLowerCase() !== h.toLowerCase() ? active : darker(2);
  return { [`${name}Hover`]: h, [`${name}Active`]: a };
}

/** The subset of the resolved tokens `contrastComponents` reads. */
export interface TextColours {
  colorPrimaryText: string;
  colorPrimaryTextHover: string;
  colorPrimaryTextActive: string;
  colorErrorText: string;
  colorSuccessText: string;
  colorWarningText: string;
  colorTextTertiary: string;
  colorBgContainer: string;
}

/**
 * antd components that write text in a solid colour (the primary, the error red) or in the
 * disabled grey: in their scope that colour is the readable one. Their fills (the tab's ink bar)
 * become that lighter shade too, which still stands out from the surface.
 */
export function contrastComponents(t: TextColours) {
  const primaryAsText = { colorPrimary: t.colorPrimaryText, colorPrimaryHover: t.colorPrimaryTextHover, colorPrimaryActive: t.colorPrimaryTextActive };
  // The grey antd gives an empty table's or list's words and the days of the next month in a
  // calendar is the disabled grey, but they are words to read (or days to pick).
  const readableDisabled = { colorTextDisabled: t.colorTextTertiary };
  return {
    Tabs: {
      ...primaryAsText,
      itemSelectedColor: t.colorPrimaryText,
      itemHoverColor: t.colorPrimaryTextHover,
      itemActiveColor: t.colorPrimaryTextActive,
      inkBarColor: t.colorPrimaryText,
    },
    Menu: {
      ...primaryAsText,
      itemSelectedColor: t.colorPrimaryText,
      horizontalItemSelectedColor: t.colorPrimaryText,
      subMenuItemSelectedColor: t.colorPrimaryText,
    },
    Dropdown: primaryAsText,
    Pagination: { ...primaryAsText, itemActiveColor: t.colorPrimaryText, itemActiveColorHover: t.colorPrimaryTextHover },
    Select: primaryAsText,
    Tree: primaryAsText,
    Anchor: primaryAsText,
    Card: primaryAsText,
    Table: readableDisabled,
    List: readableDisabled,
    Empty: readableDisabled,
    Calendar: readableDisabled,
    DatePicker: readableDisabled,
    // initials on the grey of an avatar without a picture: a grey the white reads on
    Avatar: { colorTextPlaceholder: fillUnderWhite(composite(t.colorTextTertiary, t.colorBgContainer)) },
    Form: { colorError: t.colorErrorText, colorSuccess: t.colorSuccessText, colorWarning: t.colorWarningText, colorPrimary: t.colorPrimaryText },
    Typography: { colorSuccess: t.colorSuccessText },
    Upload: { colorError: t.colorErrorText },
    // a status tag's words sit on its pale (light) or dark (dark mode) background: the text shades
    Tag: { colorError: t.colorErrorText, colorSuccess: t.colorSuccessText, colorWarning: t.colorWarningText },
    Progress: { colorError: t.colorErrorText, colorSuccess: t.colorSuccessText },
  };
}
