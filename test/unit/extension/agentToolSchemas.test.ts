/**
 * The language model tools' input schemas in package.json (what VS Code hands the model) and
 * the zod schemas the tools check an input with (src/extension/agentTools/toolInputs.ts) say
 * the same thing, descriptions aside; and each tool is described as VS Code requires.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { agentToolInputs, parseToolInput, type AgentToolName } from '../../../src/extension/agentTools/toolInputs';

interface ToolContribution {
  name: string;
  displayName: string;
  modelDescription: string;
  toolReferenceName?: string;
  canBeReferencedInPrompt?: boolean;
  inputSchema: Record<string, unknown>;
}

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: { languageModelTools: ToolContribution[] };
};
const tools = manifest.contributes.languageModelTools;

/** The schema without the words for the model. */
function shape(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shape);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'description' && key !== '$schema')
      .map(([key, value]) => [key, shape(value)]),
  );
}

describe('language model tools: package.json and the input checks', () => {
  it('contributes every tool the extension registers, and no other', () => {
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(agentToolInputs).sort());
  });

  for (const tool of tools) {
    it(`${tool.name}: its inputSchema is the zod schema the tool checks inputs with`, () => {
      assert.deepEqual(shape(tool.inputSchema), shape(z.toJSONSchema(agentToolInputs[tool.name as AgentToolName])));
    });

    it(`${tool.name}: named, described for the model, and referable in a prompt as VS Code requires`, () => {
      assert.match(tool.name, /^(?!copilot_|vscode_)[\w-]+$/);
      assert.ok(tool.displayName && tool.modelDescription.length > 200, 'a model description an agent can act on');
      assert.ok(tool.canBeReferencedInPrompt && tool.toolReferenceName && /^[\w-]+$/.test(tool.toolReferenceName));
      const properties = tool.inputSchema.properties as Record<string, { description?: string }>;
      for (const [name, property] of Object.entries(properties)) assert.ok(property.description, `${name} is described`);
    });
  }

  it('an input the schema refuses is an error naming the field, as the agent reads it', () => {
    assert.throws(
      () => parseToolInput('sumlens_evaluate_summary', { summaryPath: 'a.md', method: 'best' }),
      /^Error: SumLens: sumlens_evaluate_summary got an input it cannot use \(method: /,
    );
    assert.throws(() => parseToolInput('sumlens_compare_runs', { runB: 'b.jsonl' }), /runA: /);
    assert.throws(() => parseToolInput('sumlens_summary_findings', { summary: 'a.md' }), /unrecognized key/i);
    assert.deepEqual(parseToolInput('sumlens_compare_runs', { runA: 'a.jsonl', allowDifferent: true }), { runA: 'a.jsonl', allowDifferent: true });
  });
});
