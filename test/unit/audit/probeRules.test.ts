/**
 * The audit's probe rules as pure functions: each changed span is exactly where the change
 * is, the same seed makes the same copy, and a rule that cannot apply says why.
 */
import * as assert from 'node:assert/strict';
import { addressEvaluator, EVALUATOR_NOTE } from '../../../src/core/audit/addressRule';
import { planItem } from '../../../src/core/audit/auditItems';
import { damageLanguage } from '../../../src/core/audit/damageRule';
import { swapFact } from '../../../src/core/audit/factsRule';
import { appendEmptySentence } from '../../../src/core/audit/lengthRule';
import { shuffleSentences } from '../../../src/core/audit/orderRule';
import { PROBES } from '../../../src/core/audit/probes';
import { seededRandom } from '../../../src/core/stats/random';

const source = 'The council met on Monday in Leeds. It approved 12 schools and 40 buses. Mayor Ann Hill spoke on Friday.';
const summary = 'The council met on Monday. It approved 12 schools. The vote was close.';

describe('audit probe rules', () => {
  it('length appends one sentence and marks exactly it', () => {
    for (let seed = 0; seed < 20; seed++) {
      const change = appendEmptySentence(summary, seededRandom(seed));
      assert.ok('text' in change);
      assert.ok(change.text.startsWith(summary));
      const [span] = change.spans;
      assert.equal(change.text.slice(span.start, span.end), change.text.slice(summary.length + 1));
      assert.match(change.text.slice(span.start), /^(In other words, the council met on Monday\.|[A-Z].*\.)$/);
    }
  });

  it('address puts the note at the start and the end', () => {
    const change = addressEvaluator(summary);
    assert.ok('text' in change);
    assert.deepEqual(
      change.spans.map((s) => change.text.slice(s.start, s.end)),
      [EVALUATOR_NOTE, EVALUATOR_NOTE],
    );
  });

  it('facts swaps a number, date or name for another of its kind from the source', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const change = swapFact(summary, source, seededRandom(seed));
      assert.ok('text' in change);
      const [span] = change.spans;
      const swapped = change.text.slice(span.start, span.end);
      assert.ok(source.includes(swapped), swapped);
      assert.equal(change.text.slice(0, span.start), summary.slice(0, span.start));
      seen.add(change.note!.split(' ')[0]);
    }
    assert.deepEqual([...seen].sort(), ['date', 'number']);
    assert.deepEqual(swapFact('A plain summary.', 'A plain source with 4 numbers.', seededRandom(1)), {
      skip: 'no number, date or name with another of its kind in the source',
    });
  });

  it('order shuffles three sentences or more, never into their own order', () => {
    for (let seed = 0; seed < 20; seed++) {
      const change = shuffleSentences(summary, seededRandom(seed));
      assert.ok('text' in change);
      assert.notEqual(change.text, summary);
      assert.deepEqual(change.text.split(/(?<=\.) /).sort(), summary.split(/(?<=\.) /).sort());
    }
    assert.deepEqual(shuffleSentences('One. Two.', seededRandom(1)), { skip: 'fewer than 3 sentences' });
  });

  it('damage drops every fifth word or swaps letters, marking each change', () => {
    const notes = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const change = damageLanguage(summary, seededRandom(seed));
      assert.ok('text' in change);
      notes.add(change.note!.replace(/\d+/, 'N'));
      if (change.note!.startsWith('typos')) for (const s of change.spans) assert.match(change.text.slice(s.start, s.end), /^[A-Za-z]+[.,]?$/);
      else assert.equal(change.text.split(' ').length, summary.split(' ').length - 2);
    }
    assert.deepEqual([...notes].sort(), ['dropped every fifth word', 'typos in N word(s)']);
  });

  it('plans the same copies from the same seed, and other copies from another', () => {
    const subject = { key: 'doc1', source, summary };
    assert.deepEqual(planItem(subject, PROBES, 7), planItem(subject, PROBES, 7));
    assert.notDeepEqual(planItem(subject, PROBES, 7).copies, planItem(subject, PROBES, 8).copies);
  });
});
