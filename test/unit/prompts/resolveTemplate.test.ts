import { strict as assert } from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { renderTemplate } from '../../../src/core/prompts/renderTemplate';
import { builtinPromptsDir, listTemplates, resolveTemplate } from '../../../src/core/prompts/resolveTemplate';
import { isAspectTemplate } from '../../../src/core/prompts/template';
import { TemplateError } from '../../../src/core/prompts/templateError';

const BUILTIN_SCALES: Record<string, [number, number]> = {
  'summarization/coherence': [1, 5],
  'summarization/consistency': [1, 5],
  'summarization/fluency': [1, 3],
  'summarization/relevance': [1, 5],
  'dialogue/naturalness': [1, 3],
  'dialogue/coherence': [1, 3],
  'dialogue/engagingness': [1, 3],
  'dialogue/groundedness': [0, 1],
  'consistency/hallucination': [0, 1],
};

describe('built-in templates', () => {
  for (const [id, [min, max]] of Object.entries(BUILTIN_SCALES)) {
    it(`${id} loads with scale ${min}-${max} and written evaluation steps`, () => {
      const template = resolveTemplate(id);
      assert.ok(isAspectTemplate(template));
      assert.equal(template.scale.min, min);
      assert.equal(template.scale.max, max);
      assert.equal(template.aspect, id.split('/')[1]);
      assert.ok(template.sections.steps);
    });
  }

  it('the yes/no check maps Yes to 1 and No to 0', () => {
    const template = resolveTemplate('consistency/hallucination');
    assert.ok(isAspectTemplate(template));
    assert.deepEqual(template.scale.labels, { yes: 1, no: 0 });
  });

  it('listTemplates lists them all', () => {
    const ids = listTemplates().map((entry) => entry.id);
    for (const id of Object.keys(BUILTIN_SCALES)) assert.ok(ids.includes(id), id);
  });
});

describe('resolveTemplate', () => {
  const overrideDir = mkdtempSync(join(tmpdir(), 'sumlens-override-'));
  mkdirSync(join(overrideDir, 'summarization'));
  const builtin = readFileSync(join(builtinPromptsDir(), 'summarization', 'fluency.md'), 'utf8');
  writeFileSync(join(overrideDir, 'summarization', 'fluency.md'), builtin.replace('Reply with the score only.', 'Only the number, please.'));
  writeFileSync(join(overrideDir, 'summarization', 'conciseness.md'), builtin.replace(/fluency/g, 'conciseness'));
  writeFileSync(join(overrideDir, 'summarization', 'misplaced.md'), builtin);

  it('a workspace file shadows the built-in one', () => {
    const template = resolveTemplate('summarization/fluency', { overrideDir });
    assert.equal(template.filePath, join(overrideDir, 'summarization', 'fluency.md'));
    assert.match(template.body, /Only the number, please\./);
  });

  it('built-ins are used where the override has no file', () => {
    const template = resolveTemplate('summarization/coherence', { overrideDir });
    assert.equal(template.filePath, join(builtinPromptsDir(), 'summarization', 'coherence.md'));
  });

  it('the override can add aspects, and listTemplates shows where each comes from', () => {
    assert.equal(resolveTemplate('summarization/conciseness', { overrideDir }).id, 'summarization/conciseness');
    const entries = listTemplates({ overrideDir });
    assert.equal(entries.find((e) => e.id === 'summarization/fluency')?.origin, 'override');
    assert.equal(entries.find((e) => e.id === 'summarization/coherence')?.origin, 'builtin');
  });

  it('an id that does not match the file place is an error', () => {
    assert.throws(
      () => resolveTemplate('summarization/misplaced', { overrideDir }),
      (e: unknown) => e instanceof TemplateError && /does not match/.test(e.message) && e.line === 2,
    );
  });

  it('an unknown id or a path-like id is an error', () => {
    assert.throws(() => resolveTemplate('summarization/nope'), /no template 'summarization\/nope'/);
    assert.throws(() => resolveTemplate('../etc/passwd'), /not a template id/);
  });
});

describe('renderTemplate', () => {
  it('fills every placeholder once, leaving brace text inside values alone', () => {
    const template = resolveTemplate('summarization/coherence');
    const text = renderTemplate(template, { document: 'The article {{summary}}.', summary: 'The summary.' });
    assert.match(text, /The article \{\{summary\}\}\./);
    assert.match(text, /The summary\./);
    assert.doesNotMatch(text, /\{\{document\}\}/);
  });

  it('a missing value is a TemplateError at the placeholder line', () => {
    const template = resolveTemplate('dialogue/groundedness');
    assert.throws(
      () => renderTemplate(template, { dialogue: 'A: hi', response: 'B: hello' }),
      (e: unknown) => e instanceof TemplateError && /\{\{fact\}\}/.test(e.message) && e.line > template.bodyStartLine,
    );
  });
});
