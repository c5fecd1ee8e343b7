import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { splitTemplate } from '../../../src/core/prompts/frontMatter';
import { builtFrontMatter } from '../../../src/core/prompts/frontMatterTable';
import { builtinPromptsDir } from '../../../src/core/prompts/resolveTemplate';

describe('the front matter parsed at build time', () => {
  const files = fs
    .readdirSync(builtinPromptsDir(), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(builtinPromptsDir(), file));

  it('holds every built-in template, as the YAML parser reads it (the build wrote dist/front-matter.json)', () => {
    assert.ok(files.length > 30);
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      const built = builtFrontMatter(createHash('sha256').update(bytes).digest('hex'));
      assert.ok(built, `${file} is not in dist/front-matter.json: run npm run build`);
      const parsed = splitTemplate(file, bytes.toString('utf8').replace(/\r\n?/g, '\n'));
      assert.deepEqual(built, { raw: parsed.rawFrontMatter, keyLines: parsed.keyLines });
    }
  });

  it('is not used for a file whose bytes differ: an edited copy is parsed', () => {
    const text = fs.readFileSync(files[0], 'utf8').replace(/\r\n?/g, '\n');
    const unknownHash = createHash('sha256').update('not a template').digest('hex');
    assert.equal(builtFrontMatter(unknownHash), undefined);
    assert.deepEqual(splitTemplate(files[0], text, unknownHash).keyLines, splitTemplate(files[0], text).keyLines);
  });
});
