import * as assert from 'node:assert/strict';
import { loadCatalogue } from '../../../src/core/choose/catalogue';
import { choosePrompts } from '../../../src/core/choose/choosePrompts';
import { SumLensError } from '../../../src/core/errors';
import { reasonLanguageNote, reasonLanguageOf, withReasonLanguage } from '../../../src/core/prompts/reasonLanguage';
import { buildSpec } from '../../../src/core/runSpec/buildSpec';
import { evaluateOptionsOf } from '../../../src/core/runSpec/evaluateOptions';

describe('prompts/reasonLanguage', () => {
  it('reads a language tag canonically; English and empty add nothing', () => {
    assert.equal(reasonLanguageOf('ja'), 'ja');
    assert.equal(reasonLanguageOf(' zh-hans '), 'zh-Hans');
    assert.equal(reasonLanguageOf('zh-cn'), 'zh-CN');
    for (const english of ['', undefined, 'en', 'en-US', 'EN-gb']) assert.equal(reasonLanguageOf(english), undefined);
    assert.throws(
      () => reasonLanguageOf('not a tag!'),
      (e: unknown) => e instanceof SumLensError && e.code === 'usage',
    );
  });

  it('states the language after the prompt, in English, keeping answers and quotes as asked', () => {
    const note = reasonLanguageNote('ja');
    assert.ok(note?.includes('in Japanese (ja)') && note.includes('copy quotes verbatim'));
    assert.equal(withReasonLanguage('PROMPT', 'ja'), `PROMPT\n\n${note}`);
    assert.equal(withReasonLanguage('PROMPT', 'en'), 'PROMPT');
  });

  it('is part of the run spec (and so of a resume or a comparison) only when it is not English', () => {
    const ja = buildSpec({ judge: {}, method: 'fine', reasonLanguage: 'ja' });
    assert.equal(ja.reasonLanguage, 'ja');
    assert.equal(evaluateOptionsOf(ja).reasonLanguage, 'ja');
    assert.ok(!('reasonLanguage' in buildSpec({ judge: {}, reasonLanguage: 'en' })));
  });

  it("asks the aspect choice's reasons in the language, and its scores as before", () => {
    const input = { task: 'summarization' as const, source: '博物館は月曜日に再開した。', summary: '博物館は再開した。' };
    const prompts = choosePrompts(input, loadCatalogue(undefined), { reasonLanguage: 'ja' });
    assert.ok(prompts.reason('fsv1').endsWith(reasonLanguageNote('ja')!));
    assert.ok(!prompts.conditioned('理由').includes('Language of your explanations'));
    assert.ok(!choosePrompts(input, loadCatalogue(undefined), {}).reason('fsv1').includes('Language of your explanations'));
  });
});
