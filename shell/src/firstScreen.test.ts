import { firstScreenSettled } from './firstScreen';

const page = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('the first screen after the sign-in', () => {
  it('is not drawn while the main area is empty or a remote area in it still loads its code', () => {
    expect(firstScreenSettled(page('<main id="main"></main>'))).toBe(false);
    expect(firstScreenSettled(page('<main id="main"><div data-remote="chat" data-remote-state="loading">Loading</div></main>'))).toBe(false);
  });

  it('on the dashboard, waits for its slots to be placed and for every widget’s code', () => {
    const finding = '<main id="main"><div data-testid="dashboard" data-widgets="finding">Good morning</div></main>';
    expect(firstScreenSettled(page(finding))).toBe(false);
    const loading =
      '<main id="main"><div data-testid="dashboard" data-widgets="placed">Good morning<section data-widget="a"><div data-remote-state="mounted">3 tasks</div></section><section data-widget="b"><div data-remote-state="loading"></div></section></div></main>';
    expect(firstScreenSettled(page(loading))).toBe(false);
    const settled =
      '<main id="main"><div data-testid="dashboard" data-widgets="placed">Good morning<section data-widget="a"><div data-remote-state="mounted">3 tasks</div></section><section data-widget="b"><div data-remote-state="error">Could not load</div></section></div></main>';
    expect(firstScreenSettled(page(settled))).toBe(true);
  });

  it('elsewhere, is drawn once the area’s content is on screen', () => {
    expect(firstScreenSettled(page('<main id="main"><div data-remote="contacts" data-remote-state="mounted">Clients</div></main>'))).toBe(true);
  });
});
