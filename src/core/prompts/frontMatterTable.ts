/**
 * The built-in templates' front matter, parsed when the package is built: the build writes
 * dist/front-matter.json (scripts/build.mjs, from buildFrontMatterTable.ts), keyed by the
 * sha256 of each template file. A template whose bytes hash to an entry skips the YAML parser;
 * any other file (an override, an edited copy) is parsed as before, and so is every file when
 * the table is missing or unreadable: the table only saves start-up time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod';
import { packageRoot } from '../manifest';

export const FRONT_MATTER_TABLE = path.join('dist', 'front-matter.json');

const BuiltEntrySchema = z.object({
  raw: z.record(z.string(), z.unknown()),
  keyLines: z.record(z.string(), z.int()),
});
export const FrontMatterTableSchema = z.record(z.string(), BuiltEntrySchema);

export type BuiltFrontMatter = z.infer<typeof BuiltEntrySchema>;

let table: ReadonlyMap<string, BuiltFrontMatter> | undefined;

export function builtFrontMatter(hash: string): BuiltFrontMatter | undefined {
  table ??= readTable();
  return table.get(hash);
}

function readTable(): ReadonlyMap<string, BuiltFrontMatter> {
  try {
    const parsed = FrontMatterTableSchema.safeParse(JSON.parse(fs.readFileSync(path.join(packageRoot(), FRONT_MATTER_TABLE), 'utf8')));
    return new Map(parsed.success ? Object.entries(parsed.data) : []);
  } catch {
    return new Map(); // no table (a build without it): every template is parsed
  }
}
