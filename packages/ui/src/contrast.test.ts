import { composite, contrastRatio, ensureContrast, fillUnderWhite, luminance, parseColor, readable, toHex } from './contrast';

describe('parseColor', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255, a: 1 }],
    ['#000000', { r: 0, g: 0, b: 0, a: 1 }],
    ['#19D0DE', { r: 25, g: 208, b: 222, a: 1 }],
    ['#00000080', { r: 0, g: 0, b: 0, a: 128 / 255 }],
    ['rgba(0, 0, 0, 0.45)', { r: 0, g: 0, b: 0, a: 0.45 }],
    ['rgb(255,255,255)', { r: 255, g: 255, b: 255, a: 1 }],
    ['rgb(100% 0% 0% / 50%)', { r: 255, g: 0, b: 0, a: 0.5 }],
  ])('reads %s', (input, expected) => expect(parseColor(input)).toEqual(expected));

  it.each(['teal', '#12', 'rgb(1,2)', 'hsl(0,0%,0%)', ''])('refuses %p', (input) => expect(parseColor(input)).toBeNull());
});

describe('the WCAG figures', () => {
  it('luminance runs from black to white', () => {
    expect(luminance('#000')).toBe(0);
    expect(luminance('#fff')).toBeCloseTo(1, 10);
  });

  it('gives the ratios every checker gives', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // the grey that is just enough on white, and the one that is not
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#fff')).toBeCloseTo(4.48, 2);
    // the figures of the report this theme answers: antd's default teal, link blue and red on white
    expect(contrastRatio('#19d0de', '#fff')).toBeCloseTo(1.89, 2);
    expect(contrastRatio('#1677ff', '#fff')).toBeCloseTo(4.1, 2);
    expect(contrastRatio('#ff4d4f', '#fff')).toBeCloseTo(3.27, 2);
    // the order does not matter
    expect(contrastRatio('#fff', '#767676')).toBe(contrastRatio('#767676', '#fff'));
  });

  it('lays a translucent colour over its background first', () => {
    expect(composite('rgba(0,0,0,0.45)', '#ffffff')).toBe('#8c8c8c');
    expect(contrastRatio('rgba(0,0,0,0.45)', '#fff')).toBeCloseTo(3.36, 2);
    expect(() => composite('#000', 'rgba(0,0,0,0.5)')).toThrow('opaque');
  });

  it('readable is 4.5:1 unless told', () => {
    expect(readable('#767676', '#fff')).toBe(true);
    expect(readable('#777777', '#fff')).toBe(false);
    expect(readable('#949494', '#fff', 3)).toBe(true);
  });

  it('writes hex', () => expect(toHex({ r: 25.4, g: 208, b: 300, a: 1 })).toBe('#19d0ff'));
});

describe('ensureContrast', () => {
  it('keeps a colour that already reaches the ratio', () => {
    expect(ensureContrast('#0958D9', '#fff', 4.5)).toBe('#0958d9');
  });

  it('darkens against light backgrounds, just enough and in the same hue', () => {
    const teal = ensureContrast('#19d0de', '#ffffff', 4.5);
    expect(contrastRatio(teal, '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(teal, '#fff')).toBeLessThan(4.6);
    const { r, g, b } = parseColor(teal)!;
    expect(b).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(r);
  });

  it('lightens against dark backgrounds', () => {
    const blue = ensureContrast('#1668dc', ['#141414', '#000000', '#1f1f1f'], 4.5);
    for (const bg of ['#141414', '#000000', '#1f1f1f']) expect(contrastRatio(blue, bg)).toBeGreaterThanOrEqual(4.5);
    expect(luminance(blue)).toBeGreaterThan(luminance('#1668dc'));
  });

  it('meets every background at once', () => {
    const c = ensureContrast('#faad14', ['#ffffff', '#f5f5f5', '#fffbe6'], 4.5);
    for (const bg of ['#ffffff', '#f5f5f5', '#fffbe6']) expect(contrastRatio(c, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('goes to black or white when no shade of the hue reaches the ratio', () => {
    expect(ensureContrast('#777777', '#ffffff', 21)).toBe('#000000');
    expect(ensureContrast('#777777', '#000000', 21)).toBe('#ffffff');
  });

  it('handles greys and the ends of lightness', () => {
    expect(contrastRatio(ensureContrast('#ffffff', '#ffffff', 4.5), '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ensureContrast('#000000', '#000000', 4.5), '#000')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('fillUnderWhite', () => {
  it.each(['#19d0de', '#faad14', '#ffffff', '#52c41a'])('darkens %s until white initials read on it', (c) => {
    expect(contrastRatio('#ffffff', fillUnderWhite(c))).toBeGreaterThanOrEqual(4.5);
  });
  it('keeps a dark colour, and leaves what it cannot read alone', () => {
    expect(fillUnderWhite('#0958d9')).toBe('#0958d9');
    expect(fillUnderWhite('teal')).toBe('teal');
  });
});
