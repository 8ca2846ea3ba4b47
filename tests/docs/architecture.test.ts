/**
 * docs/architecture.md stays the map of the tree: it names every top-level folder and every folder of server/, every
 * dependency rule, the server's features in the order the rules hold, and no path that does not exist, so the path
 * of a lead it walks through still leads somewhere.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

/** The folders at the top of the repository as a clone has them (git's files, so nothing built or installed). */
function topLevelFolders(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return [...new Set(files.filter((file) => file.includes('/')).map((file) => file.slice(0, file.indexOf('/'))))];
}

/**
 * The repository paths the page names in backticks: a folder or file under one of the top-level folders, but not a
 * pattern (`server/<feature>/`).
 */
function namedPaths(): string[] {
  const folders = topLevelFolders();
  const paths = [...page.matchAll(/`([^`\s<>]+)`/g)].map((match) => match[1]!);
  return paths.filter((path) => folders.some((folder) => path.startsWith(`${folder}/`)));
}

describe('the architecture page', () => {
  it('names every top-level folder', () => {
    const folders = topLevelFolders();
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) expect(page, folder).toContain(`\`${folder}/\``);
  });

  it('names every folder of the server', () => {
    const folders = readdirSync(join(ROOT, 'server'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const { name } of folders) expect(page, name).toContain(`\`server/${name}/\``);
  });

  it('names every dependency rule', () => {
    const names = (config.forbidden ?? []).map((rule) => rule.name ?? '');
    expect(names.length).toBeGreaterThan(10);
    const perFeature = /^server-(.+)-builds-on-earlier-features-only$/;
    for (const name of names) {
      expect(page, name).toContain(
        perFeature.test(name) ? '`server-<feature>-builds-on-earlier-features-only`' : `\`${name}\``,
      );
    }
  });

  it("shows the server's features in the order the rules hold them", () => {
    const features = (config.forbidden ?? [])
      .map((rule) => /^server-(.+)-builds-on-earlier-features-only$/.exec(rule.name ?? '')?.[1])
      .filter((feature) => feature !== undefined);
    const order = /^(\w+(?: < \w+)+)$/m.exec(page)?.[1]?.split(' < ');
    // The last feature has no rule of its own: nothing comes after it.
    expect(order?.slice(0, -1)).toEqual(features);
    const serverFolders = readdirSync(join(ROOT, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
      .map((entry) => entry.name);
    expect([...(order ?? [])].sort()).toEqual(serverFolders.sort());
  });

  it('names only paths that exist', () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths.filter((path) => !existsSync(join(ROOT, path.replace(/\/$/, ''))));
    expect(missing).toEqual([]);
  });
});
