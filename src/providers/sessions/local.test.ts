import { test, describe, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, renameSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createLocalSessionSource } from './local.ts';
import {
  CLAUDE_SESSION,
  CODEX_OLDER_SESSION,
  CODEX_SESSION,
  FIXTURES,
  GEMINI_SESSION,
  makeSessionHome,
  PROJECT,
  type SessionHome,
} from '../../../test/sessions.ts';

const claudeFolder = (home: string, project: string) => join(home, '.claude', 'projects', project.replace(/\//g, '-'));
const geminiChats = (home: string, project: string) => join(home, '.gemini', 'tmp', createHash('sha256').update(project).digest('hex'), 'chats');

describe('finding sessions of a project', () => {
  let fx: SessionHome;
  beforeEach(() => {
    fx = makeSessionHome();
  });
  afterEach(() => fx.cleanup());

  test('each tool finds the project session in its own folder', async () => {
    const source = createLocalSessionSource(fx.home);
    const claude = await source.find({ client: 'claude-code', project_path: PROJECT, newest_only: true });
    const gemini = await source.find({ client: 'gemini-cli', project_path: PROJECT, newest_only: true });
    const codex = await source.find({ client: 'codex', project_path: PROJECT, newest_only: true });
    assert.deepEqual(claude.sessions.map(s => s.session_id), [CLAUDE_SESSION]);
    assert.deepEqual(gemini.sessions.map(s => s.session_id), [GEMINI_SESSION]);
    assert.deepEqual(codex.sessions.map(s => s.session_id), [CODEX_SESSION]);
    assert.equal(claude.searched, join(fx.home, '.claude', 'projects'));
  });

  test('codex sessions are those whose recorded cwd is the project, newest first; a trailing slash is the same project', async () => {
    const source = createLocalSessionSource(fx.home);
    const all = await source.find({ client: 'codex', project_path: `${PROJECT}/`, newest_only: false });
    assert.deepEqual(all.sessions.map(s => s.session_id), [CODEX_SESSION, CODEX_OLDER_SESSION]);
    const other = await source.find({ client: 'codex', project_path: '/home/dev/projects/another-project', newest_only: false });
    assert.equal(other.sessions.length, 1);
    const older = await source.find({ client: 'codex', project_path: PROJECT, session_id: CODEX_OLDER_SESSION, newest_only: true });
    assert.deepEqual(older.sessions.map(s => s.session_id), [CODEX_OLDER_SESSION]);
  });

  test('newest means most recently written', async () => {
    const second = join(dirname(fx.claudeFile), 'b0b0b0b0-0000-4000-8000-000000000000.jsonl');
    copyFileSync(join(FIXTURES, 'claude-code.more.jsonl'), second);
    utimesSync(fx.claudeFile, new Date('2025-01-01'), new Date('2025-01-01'));
    const source = createLocalSessionSource(fx.home);
    const newest = await source.find({ client: 'claude-code', project_path: PROJECT, newest_only: true });
    assert.equal(newest.sessions.length, 1);
    assert.equal(newest.sessions[0]!.file, 'b0b0b0b0-0000-4000-8000-000000000000.jsonl');
    const all = await source.find({ client: 'claude-code', project_path: PROJECT, newest_only: false });
    assert.equal(all.sessions.length, 2);
  });

  test('a missing tool folder or unknown project finds nothing', async () => {
    const source = createLocalSessionSource(join(fx.home, 'nobody'));
    assert.deepEqual((await source.find({ client: 'claude-code', project_path: PROJECT, newest_only: false })).sessions, []);
    const real = createLocalSessionSource(fx.home);
    assert.deepEqual((await real.find({ client: 'gemini-cli', project_path: '/home/dev/unknown', newest_only: false })).sessions, []);
  });
});

describe('nothing outside the tool folders is read', () => {
  let fx: SessionHome;
  beforeEach(() => {
    fx = makeSessionHome();
  });
  afterEach(() => fx.cleanup());

  test('".." in the project path resolves first, so it cannot climb out of the projects folder', async () => {
    // A session planted beside the home, where "../../outside" would reach if the path were joined blindly.
    const planted = join(fx.outside, `${CLAUDE_SESSION}.jsonl`);
    copyFileSync(fx.claudeFile, planted);
    const source = createLocalSessionSource(fx.home);
    for (const project of ['/../../outside', '/home/dev/projects/cairn-demo/../../../../..', '/..']) {
      const found = await source.find({ client: 'claude-code', project_path: project, newest_only: false });
      assert.deepEqual(found.sessions, [], project);
    }
    const traversal = await source.find({ client: 'claude-code', project_path: PROJECT, session_id: `../../../outside/${CLAUDE_SESSION}`, newest_only: false });
    assert.deepEqual(traversal.sessions, []);
  });

  test('a project folder that is a symlink to elsewhere is refused', async () => {
    const evil = '/home/dev/projects/evil';
    mkdirSync(join(fx.outside, 'sessions'), { recursive: true });
    copyFileSync(fx.claudeFile, join(fx.outside, 'sessions', `${CLAUDE_SESSION}.jsonl`));
    symlinkSync(join(fx.outside, 'sessions'), claudeFolder(fx.home, evil));
    const found = await createLocalSessionSource(fx.home).find({ client: 'claude-code', project_path: evil, newest_only: false });
    assert.deepEqual(found.sessions, []);
  });

  test('a session file that is a symlink to elsewhere is refused; one pointing inside is read', async () => {
    const secret = join(fx.outside, 'secret.jsonl');
    renameSync(fx.claudeFile, secret);
    symlinkSync(secret, fx.claudeFile);
    const source = createLocalSessionSource(fx.home);
    assert.deepEqual((await source.find({ client: 'claude-code', project_path: PROJECT, newest_only: false })).sessions, []);

    rmSync(fx.claudeFile);
    const inside = join(fx.home, '.claude', 'projects', 'archive.jsonl');
    copyFileSync(secret, inside);
    symlinkSync(inside, fx.claudeFile);
    assert.equal((await source.find({ client: 'claude-code', project_path: PROJECT, newest_only: false })).sessions.length, 1);
  });

  test('codex folders symlinked from outside are not walked', async () => {
    rmSync(join(fx.home, '.codex', 'sessions', '2025'), { recursive: true });
    mkdirSync(join(fx.outside, 'codex', '15'), { recursive: true });
    copyFileSync(join(FIXTURES, 'codex-rollout.jsonl'), join(fx.outside, 'codex', '15', `rollout-2025-09-15T14-03-11-${CODEX_SESSION}.jsonl`));
    symlinkSync(join(fx.outside, 'codex'), join(fx.home, '.codex', 'sessions', '2025'));
    const found = await createLocalSessionSource(fx.home).find({ client: 'codex', project_path: PROJECT, newest_only: false });
    assert.deepEqual(found.sessions, []);
  });

  test('a gemini chats folder symlinked to elsewhere is refused', async () => {
    const chats = geminiChats(fx.home, PROJECT);
    renameSync(chats, join(fx.outside, 'chats'));
    symlinkSync(join(fx.outside, 'chats'), chats);
    const found = await createLocalSessionSource(fx.home).find({ client: 'gemini-cli', project_path: PROJECT, newest_only: false });
    assert.deepEqual(found.sessions, []);
  });

  test('a tool folder that is itself a symlink to elsewhere is refused', async () => {
    for (const [client, folder] of [['claude-code', '.claude'], ['gemini-cli', '.gemini'], ['codex', '.codex']] as const) {
      const moved = join(fx.outside, folder);
      renameSync(join(fx.home, folder), moved);
      symlinkSync(moved, join(fx.home, folder));
      const found = await createLocalSessionSource(fx.home).find({ client, project_path: PROJECT, newest_only: false });
      assert.deepEqual(found.sessions, [], client);
    }
  });

  test('a home reached through a symlink still works', async () => {
    const link = join(fx.outside, 'home-link');
    symlinkSync(fx.home, link);
    const found = await createLocalSessionSource(link).find({ client: 'claude-code', project_path: PROJECT, newest_only: false });
    assert.equal(found.sessions.length, 1);
  });
});
