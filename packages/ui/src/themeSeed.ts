/** The seed of the product's antd theme, beside the colour (plain values: the sign-in page reads them without antd's React parts). */
export const THEME_SEED = { borderRadius: 6, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } as const;
