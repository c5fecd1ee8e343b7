/**
 * Every relative link in the README and docs/ leads somewhere: the file exists and, with a
 * #fragment, the page has a heading of that anchor (GitHub's rule: lower case, punctuation
 * dropped, spaces to hyphens, a repeated heading numbered -1, -2 …). A renamed heading
 * with a link left pointing to its old anchor fails here.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';
import { docPages } from './docsPages';

/** The anchors of a markdown page's headings, outside fenced code. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('links in the docs', () => {
  it('every relative link names an existing file and, with #anchor, one of its headings', () => {
    const root = packageRoot();
    const problems: string[] = [];
    let checked = 0;
    for (const { page, text } of docPages()) {
      const prose = text.replace(/^```[\s\S]*?^```/gm, '');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        checked++;
        const [file, anchor] = target.split('#');
        const linked = file === '' ? path.join(root, page) : path.resolve(root, path.dirname(page), file);
        if (!fs.existsSync(linked)) {
          problems.push(`${page}: ${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && !anchorsOf(fs.readFileSync(linked, 'utf8')).has(anchor)) problems.push(`${page}: ${target}: no heading with that anchor`);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(checked > 50, `only ${checked} links found`);
  });

  it('anchors as GitHub makes them', () => {
    const anchors = anchorsOf(
      "# SumLens\n## What `--cross` finds on published judges\n## Long sources: the judge's context window\n## Notes\n## Notes\n```sh\n# not a heading\n```\n",
    );
    assert.deepEqual([...anchors], ['sumlens', 'what---cross-finds-on-published-judges', 'long-sources-the-judges-context-window', 'notes', 'notes-1']);
  });
});
