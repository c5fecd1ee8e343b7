/**
 * A jury's judges, from a YAML or JSON file (`--judges FILE`, the editor's `sumlens.judges`):
 *
 *   judges:
 *     - { name: mini, baseUrl: https://api.openai.com/v1, model: gpt-4o-mini, apiKeyEnv: OPENAI_API_KEY }
 *     - { name: llama, baseUrl: http://localhost:8000/v1, model: meta-llama/Llama-3.1-8B-Instruct, apiKeyEnv: VLLM_KEY, route: sampling }
 *
 * Validated with zod; a bad file is a usage error naming the line. A judge's key is read from
 * the environment variable it names, never from the file.
 */
import type { Node } from 'yaml';
import { yaml } from '../yaml';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { readTextFile } from '../textInput';
import { ROUTES } from '../geval/scoreRoutes';

const JudgeSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'a name is one word (letters, digits, _ . -)'),
  baseUrl: z.url(),
  model: z.string().min(1),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'apiKeyEnv names an environment variable')
    .optional(),
  route: z.enum(ROUTES).optional(),
  samples: z.int().min(1).max(100).optional(),
});

const FileSchema = z.strictObject({
  judges: z
    .array(JudgeSchema)
    .min(2, 'a jury needs two judges or more')
    .refine((judges) => new Set(judges.map((j) => j.name)).size === judges.length, 'two judges have the same name'),
});

export type JudgeSpec = z.infer<typeof JudgeSchema>;

/** The line (1-based) of the node at `path` in the document, or of the document's start. */
function lineOf(text: string, root: Node | null, path: PropertyKey[]): number {
  const { isMap, isSeq } = yaml();
  let node: unknown = root;
  for (const key of path) {
    if (isMap(node)) node = node.get(key, true);
    else if (isSeq(node)) node = node.get(key, true);
    else break;
  }
  const offset = (node as { range?: [number, number] } | undefined)?.range?.[0] ?? 0;
  return text.slice(0, offset).split('\n').length;
}

export function readJudgesFile(path: string): JudgeSpec[] {
  // A file that cannot be read is bad input (exit 8), as every input; what it says is checked below (usage, exit 2).
  const text = readTextFile(path, `--judges ${path}`);
  // YAML is a superset of JSON: one parser for both, with positions for the messages.
  const document = yaml().parseDocument(text, { prettyErrors: false });
  if (document.errors.length > 0) {
    const error = document.errors[0];
    throw new SumLensError('usage', `${path}:${error.linePos?.[0].line ?? 1}: not YAML or JSON: ${error.message.split('\n')[0]}`);
  }
  const parsed = FileSchema.safeParse(document.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` (${issue.path.join('.')})` : '';
    throw new SumLensError('usage', `${path}:${lineOf(text, document.contents, issue.path)}: ${issue.message}${where}`);
  }
  return parsed.data.judges;
}
