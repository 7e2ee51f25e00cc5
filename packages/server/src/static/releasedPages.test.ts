import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseRemote, rollbackRemote } from './release';
import { releasedPage } from './routes';
import { tempDir } from '../testing/tempDir';

/** A build of mf-messages: its manifest, and its review page when `withPage`. */
function messagesBuild(version: string, withPage: boolean): string {
  const dist = tempDir('agency-messages-dist-');
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: version } } }));
  if (withPage) {
    mkdirSync(join(dist, 'public'));
    writeFileSync(
      join(dist, 'public/review.html'),
      `<!doctype html><html><head><title>Service review</title></head><body><script defer src="review.${version}.js"></script></body></html>`,
    );
  }
  return dist;
}

describe("a remote's page that stands alone", () => {
  it("is served from the remote's active release, its files found there, and survives a rollback to a release without it", () => {
    const releases = tempDir('agency-releases-');
    assert.equal(releasedPage(releases, '/review/a1'), null, 'nothing released: the app answers');

    const older = releaseRemote(releases, 'messages', messagesBuild('1.0.0', false)).release;
    assert.equal(releasedPage(releases, '/review/a1'), null, 'a release without the page: the app answers');

    const newer = releaseRemote(releases, 'messages', messagesBuild('1.1.0', true)).release;
    for (const path of ['/review/a1', '/review/a1/', '/review']) {
      const html = releasedPage(releases, path);
      assert.ok(html, path);
      assert.match(html, new RegExp(`<head><base href="/remotes/messages/${newer}/public/" />`));
      assert.match(html, /src="review\.1\.1\.0\.js"/);
    }
    for (const path of ['/reviews', '/review/a1/b2', '/contacts']) assert.equal(releasedPage(releases, path), null, path);

    // rolled back to a release from before the page: the page still comes, from the newest that has it
    rollbackRemote(releases, 'messages', older);
    assert.match(releasedPage(releases, '/review/a1') ?? '', new RegExp(`<base href="/remotes/messages/${newer}/public/" />`));
  });
});
