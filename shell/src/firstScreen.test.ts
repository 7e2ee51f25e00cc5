import { firstScreenSettled, pageComplete, PAGE_COMPLETE_MARK, whenPageComplete } from './firstScreen';

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

describe('the page complete', () => {
  const deferred =
    '<main id="main"><div data-testid="dashboard" data-widgets="placed">Good morning<section data-widget="a"><div data-remote-state="mounted">3 tasks</div></section><section data-widget="b"><div data-remote-state="deferred"></div></section></div></main>';

  it('waits for the widgets below the first screen, which the first screen does not', () => {
    expect(firstScreenSettled(page(deferred))).toBe(true);
    expect(pageComplete(page(deferred))).toBe(false);
    expect(pageComplete(page(deferred.replace('data-remote-state="deferred">', 'data-remote-state="mounted">Renewals')))).toBe(true);
  });

  it('is marked once every widget is drawn', async () => {
    const mark = jest.fn();
    Object.assign(performance, { mark, getEntriesByName: () => [] });
    document.body.innerHTML = deferred;
    let complete = false;
    const done = whenPageComplete(60_000).then(() => (complete = true));
    await Promise.resolve();
    expect(complete).toBe(false);
    document.querySelector('[data-remote-state="deferred"]')!.setAttribute('data-remote-state', 'mounted');
    await done;
    expect(mark).toHaveBeenCalledWith(PAGE_COMPLETE_MARK);
  });
});
