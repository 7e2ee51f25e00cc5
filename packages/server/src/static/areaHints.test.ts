import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { ServerConfig } from '../config';
import { releaseRemote, rollbackRemote } from './release';
import { remoteOfPath, staticRoutes } from './routes';
import { tempDir } from '../testing/tempDir';

/** A remote's build: its manifest (remoteEntry.js, an `app` module of `appChunks` and a widget) and its entry. */
function remoteBuild(version: string, appChunks: string[]): string {
  const dir = tempDir('agency-dist-');
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { buildInfo: { buildVersion: version }, pluginVersion: '2.9.2', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'window' } },
      shared: [],
      exposes: [
        { name: 'app', path: './app', assets: { js: { sync: appChunks, async: [] }, css: { sync: [], async: [] } } },
        { name: 'widget-follow-up', path: './widget-follow-up', assets: { js: { sync: ['__federation_expose_widget.9f8e7d6c.js'], async: [] } } },
      ],
    }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${version} */`);
  return dir;
}

/** The shell's build folder: its page. */
function shellBuild(): string {
  const dir = tempDir('agency-shell-dist-');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Agency Desk</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>',
  );
  return dir;
}

/** The preload hints of the page served at `path`: [as, href]. */
async function hintsAt(app: ReturnType<typeof Fastify>, path: string): Promise<string[][]> {
  const res = await app.inject({ method: 'GET', url: path });
  assert.equal(res.statusCode, 200, path);
  assert.match(res.headers['content-type'] as string, /text\/html/);
  return [...res.body.matchAll(/<link rel="preload" as="([a-z]+)"(?: crossorigin="anonymous")? href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);
}

describe("a link to an area of the app (the shell's page)", () => {
  it("carries preload hints for that area's active release (its manifest, remoteEntry.js, its app module's chunks) and none for another area", async () => {
    const releases = tempDir('agency-releases-');
    const contacts = releaseRemote(releases, 'contacts', remoteBuild('1.0.0', ['386.1634f270.js', '__federation_expose_app.cf4f5528.js'])).release;
    const chat = releaseRemote(releases, 'chat', remoteBuild('2.0.0', ['__federation_expose_app.0a1b2c3d.js'])).release;
    const app = Fastify();
    await staticRoutes(app, { releasesDir: releases, shellDir: shellBuild() } as ServerConfig);

    const contactsHints = [
      ['fetch', `/remotes/contacts/${contacts}/mf-manifest.json`],
      ['script', `/remotes/contacts/${contacts}/remoteEntry.js`],
      ['script', `/remotes/contacts/${contacts}/386.1634f270.js`],
      ['script', `/remotes/contacts/${contacts}/__federation_expose_app.cf4f5528.js`],
    ];
    for (const path of ['/contacts', '/contacts/', '/contacts/c-42', '/users', '/renewals?days=30'])
      assert.deepEqual(await hintsAt(app, path), contactsHints, path);
    assert.deepEqual(await hintsAt(app, '/chat/room-1'), [
      ['fetch', `/remotes/chat/${chat}/mf-manifest.json`],
      ['script', `/remotes/chat/${chat}/remoteEntry.js`],
      ['script', `/remotes/chat/${chat}/__federation_expose_app.0a1b2c3d.js`],
    ]);
    // in the page's head, before its scripts
    const page = (await app.inject({ method: 'GET', url: '/contacts' })).body;
    assert.ok(page.indexOf('<link rel="preload"') < page.indexOf('</head>') && page.indexOf('</head>') < page.indexOf('/main.js'));

    // the dashboard, a page no remote draws, an area not released: no hints
    for (const path of ['/', '/contactsx', '/users/u1', '/tasks', '/messages/r1']) assert.deepEqual(await hintsAt(app, path), [], path);

    // a new release, then a rollback: the hints follow the active one
    const next = releaseRemote(releases, 'contacts', remoteBuild('1.1.0', ['__federation_expose_app.11112222.js'])).release;
    assert.deepEqual(await hintsAt(app, '/contacts'), [
      ['fetch', `/remotes/contacts/${next}/mf-manifest.json`],
      ['script', `/remotes/contacts/${next}/remoteEntry.js`],
      ['script', `/remotes/contacts/${next}/__federation_expose_app.11112222.js`],
    ]);
    rollbackRemote(releases, 'contacts', contacts);
    assert.deepEqual(await hintsAt(app, '/contacts'), contactsHints);
    await app.close();
  });

  it("finds the remote of a path from remotes.json's routes", () => {
    assert.equal(remoteOfPath('/contacts/c-1/policies'), 'contacts');
    assert.equal(remoteOfPath('/messages'), 'messages');
    assert.equal(remoteOfPath('/phone-log/'), 'phone');
    assert.equal(remoteOfPath('/admin/tasks'), 'tasks');
    assert.equal(remoteOfPath('/account/settings'), 'admin');
    assert.equal(remoteOfPath('/'), null);
    assert.equal(remoteOfPath('/login'), null);
  });
});
