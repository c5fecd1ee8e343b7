import { strict as assert } from 'assert';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { loadTemplate } from '../../../src/core/prompts/loadTemplate';
import { isAspectTemplate } from '../../../src/core/prompts/template';
import { TemplateError } from '../../../src/core/prompts/templateError';

const dir = mkdtempSync(join(tmpdir(), 'sumlens-templates-'));
let fileCount = 0;

function write(text: string): string {
  const path = join(dir, `t${fileCount++}.md`);
  writeFileSync(path, text);
  return path;
}

const GOOD_BODY = `## Task

Judge the summary.

## Evaluation Criteria

Coherence (1-5): how well it hangs together.

## Input

{{document}}

{{summary}}

## Evaluation Form

- Coherence:
`;

function aspectFile(frontMatter: string, body = GOOD_BODY): string {
  return `---\n${frontMatter}\n---\n${body}`;
}

const GOOD_FRONT = `id: summarization/coherence
task: summarization
aspect: coherence
scale: [1, 5]
placeholders: [document, summary]`;

function expectTemplateError(path: string, line: number, pattern: RegExp): void {
  assert.throws(
    () => loadTemplate(path),
    (error: unknown) => {
      assert.ok(error instanceof TemplateError, `a TemplateError, got ${String(error)}`);
      assert.equal(error.filePath, path);
      assert.equal(error.line, line, `line of: ${error.message}`);
      assert.match(error.detail, pattern);
      assert.ok(error.message.startsWith(`${path}:${line}: `));
      assert.ok(!error.message.includes('\n'), 'one line');
      assert.equal(error.code, 'template');
      return true;
    },
  );
}

describe('loadTemplate', () => {
  it('loads an aspect template: front matter, scale, sections without steps', () => {
    const template = loadTemplate(write(aspectFile(GOOD_FRONT)));
    assert.ok(isAspectTemplate(template));
    assert.equal(template.id, 'summarization/coherence');
    assert.equal(template.aspect, 'coherence');
    assert.deepEqual(template.scale, { min: 1, max: 5 });
    assert.deepEqual(template.placeholders, ['document', 'summary']);
    assert.equal(template.sections.steps, undefined);
    assert.equal(template.sections.task, 'Judge the summary.');
    assert.equal(template.sections.form, '- Coherence:');
    assert.equal(template.bodyStartLine, 8);
    assert.match(template.hash, /^[0-9a-f]{64}$/);
  });

  it('the hash changes with the content', () => {
    const a = loadTemplate(write(aspectFile(GOOD_FRONT)));
    const b = loadTemplate(write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('Judge', 'Rate'))));
    const c = loadTemplate(write(aspectFile(GOOD_FRONT)));
    assert.notEqual(a.hash, b.hash);
    assert.equal(a.hash, c.hash);
  });

  it('reads CRLF files and yes/no labels', () => {
    const front = GOOD_FRONT.replace('scale: [1, 5]', 'scale: [0, 1]\nlabels: { yes: 1, no: 0 }');
    const template = loadTemplate(write(aspectFile(front).replace(/\n/g, '\r\n')));
    assert.ok(isAspectTemplate(template));
    assert.deepEqual(template.scale, { min: 0, max: 1, labels: { yes: 1, no: 0 } });
  });

  it('loads a fine template: no scale, no sections, keys of its own', () => {
    const template = loadTemplate(
      write(`---\nid: fine/extract\ntask: fine\nplaceholders: [note, entities]\nangle: extraction\n---\nFrom {{note}} list entities not in {{entities}}.\n`),
    );
    assert.equal(template.task, 'fine');
    assert.equal(template.frontMatter.angle, 'extraction');
    assert.ok(!isAspectTemplate(template));
  });

  describe('errors name the file and the line', () => {
    it('no front matter', () => expectTemplateError(write(GOOD_BODY), 1, /front matter/));
    it('front matter not closed', () => expectTemplateError(write(`---\n${GOOD_FRONT}\n${GOOD_BODY}`), 1, /not closed/));
    it('bad YAML', () => expectTemplateError(write(aspectFile(GOOD_FRONT.replace('aspect: coherence', 'aspect: coherence: high'))), 4, /bad YAML/));
    it('unclosed YAML list (reported where the parser notices)', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT.replace('scale: [1, 5]', 'scale: [1, 5'))), 6, /bad YAML/));
    it('front matter that is not a mapping', () => expectTemplateError(write(aspectFile('- a\n- b')), 2, /mapping/));
    it('scale with min > max', () => expectTemplateError(write(aspectFile(GOOD_FRONT.replace('[1, 5]', '[5, 1]'))), 5, /min < max/));
    it('scale that is not two integers', () => expectTemplateError(write(aspectFile(GOOD_FRONT.replace('[1, 5]', '[1, 4.5]'))), 5, /integer|int/i));
    it('scale missing on an aspect template', () => expectTemplateError(write(aspectFile(GOOD_FRONT.replace('scale: [1, 5]\n', ''))), 1, /scale/));
    it('label value outside the scale', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT.replace('scale: [1, 5]', 'scale: [1, 5]\nlabels:\n  yes: 7'))), 7, /outside the scale/));
    it('unknown task', () => expectTemplateError(write(aspectFile(GOOD_FRONT.replace('task: summarization', 'task: summarisation'))), 3, /task/));
    it('unknown front matter key', () => expectTemplateError(write(aspectFile(`${GOOD_FRONT}\nscael: [1, 3]`)), 7, /unknown front matter key 'scael'/));
    it('unknown placeholder name in a list', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT.replace('[document, summary]', '[document, summray]'))), 6, /placeholders/));
    it('unknown placeholder in the body', () =>
      expectTemplateError(
        write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('{{summary}}', '{{summary}} {{Summary}}'))),
        20,
        /unknown placeholder \{\{Summary\}\}/,
      ));
    it('placeholder used but not declared', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('{{summary}}', '{{summary}}\n{{reference}}'))), 21, /not declared/));
    it('placeholder declared but never used (block list: the key line)', () =>
      expectTemplateError(
        write(aspectFile(GOOD_FRONT.replace('placeholders: [document, summary]', 'placeholders:\n  - document\n  - summary\n  - context'))),
        6,
        /never used.*context/,
      ));
    it('placeholder declared but never used', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT.replace('[document, summary]', '[document, summary, reference]'))), 6, /never used.*reference/));
    it('fine-only placeholder in an aspect template', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('{{summary}}', '{{summary}} {{reason}}'))), 20, /unknown placeholder \{\{reason\}\}/));
    // The text under evaluation must reach the judge: front matter id/task, placeholders → error, or none.
    const blind: [string, string, string, RegExp | null][] = [
      ['summarization/coherence', 'summarization', '[document]', /never shows the judge the text it evaluates: declare and use \{\{summary\}\}/],
      ['consistency/hallucination', 'consistency', '[document]', /\{\{summary\}\}/],
      ['dialogue/naturalness', 'dialogue', '[dialogue]', /\{\{response\}\}/],
      ['fine/readability-flow', 'fine', '[source]', /what it judges: declare and use \{\{target\}\}/],
      ['fine/completeness-present', 'fine', '[entities]', /\{\{target\}\}/],
      ['fine/correctness-supported', 'fine', '[source, reference]', /\{\{entities\}\}/],
      ['fine/verify', 'fine', '[entities]', /\{\{note\}\}/],
      ['fine/extract', 'fine', '[note]', null],
      ['fine/my-own-prompt', 'fine', '[source]', null],
    ];
    for (const [id, task, placeholders, error] of blind) {
      it(`${id} with placeholders ${placeholders}: ${error ? 'broken' : 'fine'}`, () => {
        const names = placeholders.slice(1, -1).split(', ');
        const front =
          task === 'fine'
            ? `id: ${id}\ntask: fine\nplaceholders: ${placeholders}`
            : `id: ${id}\ntask: ${task}\naspect: x\nscale: [1, 5]\nplaceholders: ${placeholders}`;
        const body =
          task === 'fine'
            ? names.map((n) => `{{${n}}}`).join('\n')
            : GOOD_BODY.replace('{{document}}\n\n{{summary}}', names.map((n) => `{{${n}}}`).join('\n\n'));
        const file = write(`---\n${front}\n---\n${body}\n`);
        if (error === null) assert.equal(loadTemplate(file).id, id);
        else expectTemplateError(file, task === 'fine' ? 4 : 6, error);
      });
    }
    it('unknown section heading', () =>
      expectTemplateError(
        write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('## Input', '## Evaluation Step\n\n1. Read.\n\n## Input'))),
        16,
        /unknown section 'Evaluation Step'/,
      ));
    it('section out of order', () =>
      expectTemplateError(
        write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('## Evaluation Form', '## Evaluation Steps\n\n1. Read.\n\n## Evaluation Form'))),
        22,
        /out of order/,
      ));
    it('missing section', () =>
      expectTemplateError(
        write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('## Evaluation Form\n\n- Coherence:\n', ''))),
        8,
        /missing section '## Evaluation Form'/,
      ));
    it('empty steps section', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('## Input', '## Evaluation Steps\n\n## Input'))), 16, /empty.*generated/));
    it('placeholder outside the Input section', () =>
      expectTemplateError(write(aspectFile(GOOD_FRONT, GOOD_BODY.replace('Judge the summary.', 'Judge {{summary}}.'))), 10, /outside the '## Input' section/));
    it('text before the first section', () => expectTemplateError(write(aspectFile(GOOD_FRONT, `Hello\n${GOOD_BODY}`)), 8, /before the first section/));
    it('a file that is not UTF-8', () => {
      const path = join(dir, 'latin1.md');
      writeFileSync(path, Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0x0a]));
      expectTemplateError(path, 1, /UTF-8/);
    });
    it('a file that does not exist', () => expectTemplateError(join(dir, 'missing.md'), 1, /cannot read/));
  });
});
