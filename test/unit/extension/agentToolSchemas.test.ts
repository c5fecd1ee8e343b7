/**
 * The language model tools' input schemas in package.json (what VS Code hands the model) and
 * the zod schemas the tools check an input with (src/extension/agentTools/toolInputs.ts) say
 * the same thing, descriptions aside; and each tool is described as VS Code requires. The
 * engine's tools the editor offers are contributed exactly as their one definition says
 * (src/core/tools/, what `sumlens mcp` serves): the name, the description and the schema.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import * as zod from 'zod';
import { sumlensTools } from '../../../src/core/tools/toolList';
import type { SumLensTool } from '../../../src/core/tools/tool';
import { agentToolName, ENGINE_TOOLS_IN_EDITOR } from '../../../src/extension/agentTools/engineToolNames';
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
const engineTools = ENGINE_TOOLS_IN_EDITOR.map((name) => sumlensTools.find((t) => t.name === name)!);
const editorTools = tools.filter((t) => !engineTools.some((e) => agentToolName(e.name) === t.name));

/** What package.json says of an engine tool: generated from its definition (the schema of what an agent may send). */
function engineContribution(tool: SumLensTool): Partial<ToolContribution> {
  const { $schema: _, ...inputSchema } = zod.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
  return { name: agentToolName(tool.name), modelDescription: tool.description, inputSchema };
}

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
    assert.deepEqual(tools.map((t) => t.name).sort(), [...Object.keys(agentToolInputs), ...engineTools.map((t) => agentToolName(t.name))].sort());
  });

  for (const tool of engineTools) {
    it(`${agentToolName(tool.name)}: contributed as the engine tool ${tool.name} defines it (what sumlens mcp serves)`, () => {
      const contributed = tools.find((t) => t.name === agentToolName(tool.name))!;
      const expected = engineContribution(tool);
      assert.deepEqual(
        { name: contributed.name, modelDescription: contributed.modelDescription, inputSchema: contributed.inputSchema },
        expected,
        JSON.stringify(expected),
      );
      assert.ok(contributed.canBeReferencedInPrompt && contributed.toolReferenceName && /^[\w-]+$/.test(contributed.toolReferenceName));
    });
  }

  for (const tool of editorTools) {
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
