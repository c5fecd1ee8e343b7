import { strict as assert } from 'assert';
import { reasonPrompt, scorePrompt, stepsPrompt } from '../../../src/core/geval/aspectPrompt';
import { missingInput, templateVars } from '../../../src/core/geval/inputVariables';
import { resolveTemplate } from '../../../src/core/prompts/resolveTemplate';
import { isAspectTemplate, type AspectTemplate } from '../../../src/core/prompts/template';

function aspectTemplate(id: string): AspectTemplate {
  const template = resolveTemplate(id);
  assert.ok(isAspectTemplate(template));
  return template;
}

const headings = (prompt: string): string[] => [...prompt.matchAll(/^## (.+)$/gm)].map((m) => m[1]);

describe('aspect prompts', () => {
  const coherence = aspectTemplate('summarization/coherence');
  const vars = { document: 'ARTICLE TEXT', summary: 'SUMMARY TEXT' };

  it('the score prompt follows the appendix order and fills the input', () => {
    const prompt = scorePrompt(coherence, vars, 'STEPS');
    assert.deepEqual(headings(prompt), ['Task', 'Evaluation Criteria', 'Evaluation Steps', 'Input', 'Evaluation Form']);
    assert.match(prompt, /ARTICLE TEXT[\s\S]*SUMMARY TEXT/);
    assert.match(prompt, /## Evaluation Steps\n\nSTEPS\n/);
    assert.ok(prompt.trimEnd().endsWith('- Coherence:'));
  });

  it('with a reason, the reason stands between the input and the form', () => {
    const prompt = scorePrompt(coherence, vars, 'STEPS', 'BECAUSE');
    assert.deepEqual(headings(prompt), ['Task', 'Evaluation Criteria', 'Evaluation Steps', 'Input', 'Evaluation Reason', 'Evaluation Form']);
    assert.match(prompt, /## Evaluation Reason\n\nBECAUSE\n/);
  });

  it('the reason prompt asks for a short reason and no score, and has no form', () => {
    const prompt = reasonPrompt(coherence, vars, 'STEPS');
    assert.deepEqual(headings(prompt), ['Task', 'Evaluation Criteria', 'Evaluation Steps', 'Input', 'Evaluation Reason']);
    assert.match(prompt, /at most 100 words/);
    assert.match(prompt, /Do not give a score/);
  });

  it('the steps prompt holds only the task and criteria, so it is the same for every input', () => {
    const prompt = stepsPrompt(coherence);
    assert.deepEqual(headings(prompt), ['Task', 'Evaluation Criteria', 'Evaluation Steps']);
    assert.doesNotMatch(prompt, /\{\{|Article:/);
    assert.match(prompt, /scale 1-5/);
  });

  it('a yes/no template names its labels in the steps prompt', () => {
    assert.match(stepsPrompt(aspectTemplate('consistency/hallucination')), /scale yes\/no/);
  });
});

describe('input variables', () => {
  it('summarization and consistency: document, summary, reference', () => {
    assert.deepEqual(templateVars({ task: 'summarization', source: 'S', summary: 'T', reference: 'R' }), { document: 'S', summary: 'T', reference: 'R' });
    assert.deepEqual(templateVars({ task: 'consistency', source: 'S', summary: 'T' }), { document: 'S', summary: 'T' });
  });

  it('dialogue: history → dialogue, summary → response, reference → fact', () => {
    assert.deepEqual(templateVars({ task: 'dialogue', source: 'H', summary: 'R', reference: 'F' }), { dialogue: 'H', response: 'R', fact: 'F' });
  });

  it('a dialogue template needing the fact says to give it as the reference', () => {
    const groundedness = aspectTemplate('dialogue/groundedness');
    assert.match(missingInput(groundedness, templateVars({ task: 'dialogue', source: 'H', summary: 'R' }), 'dialogue') ?? '', /\{\{fact\}\}.*as the reference/);
    assert.equal(missingInput(groundedness, templateVars({ task: 'dialogue', source: 'H', summary: 'R', reference: 'F' }), 'dialogue'), null);
    assert.equal(missingInput(aspectTemplate('dialogue/naturalness'), templateVars({ task: 'dialogue', source: 'H', summary: 'R' }), 'dialogue'), null);
  });
});
