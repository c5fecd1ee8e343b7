/**
 * The README and docs/ name only what exists: every `sumlens COMMAND [SUBCOMMAND]` written in
 * them is a command `sumlens --help` lists, every flag written after it is in that command's
 * own --help, and every flag written alone (`--max-se`) is in some command's --help. Read
 * from the compiled CLI, as a user would run it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';
import { runInProcess } from './runInProcess';

/** The pages, and the code in them: fenced blocks' lines and inline code spans. */
function codeOfDocs(): { page: string; code: string }[] {
  const pages = [
    'README.md',
    ...fs
      .readdirSync(path.join(packageRoot(), 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return pages.flatMap((page) => {
    const text = fs.readFileSync(path.join(packageRoot(), page), 'utf8');
    const fenced = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap((m) => m[1].split('\n'));
    const inline = [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
    return [...fenced, ...inline].map((code) => ({ page, code: code.trim() }));
  });
}

/** Each `sumlens …` invocation in a piece of code: its words up to a pipe, redirect or the next command. */
function invocations(code: string): string[][] {
  return [...code.matchAll(/(?:^|[\s$(;&])(?:npx )?sumlens((?: +[^\s|;&<>]+)*)/g)].map((m) => m[1].trim().split(/ +/).filter(Boolean));
}

const flagsIn = (help: string) => new Set([...help.matchAll(/(?:^|[\s,])(--[a-z][a-z0-9-]*)/g)].map((m) => m[1]));

describe('docs against --help', function () {
  this.timeout(120_000);
  const helpOf = new Map<string, string>();
  async function help(command: string[]): Promise<string> {
    const key = command.join(' ');
    if (!helpOf.has(key)) {
      const run = await runInProcess([...command, '--help'], {});
      assert.equal(run.code, 0, `sumlens ${key} --help: ${run.stderr}`);
      helpOf.set(key, run.stdout);
    }
    return helpOf.get(key)!;
  }

  it('names only commands and flags that --help lists', async () => {
    const top = await help([]);
    const commands = new Set([...top.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]).filter((c) => c !== 'help'));
    const problems: string[] = [];
    const aloneFlags: { page: string; flag: string }[] = [];
    let checked = 0;
    for (const { page, code } of codeOfDocs()) {
      const calls = invocations(code);
      if (calls.length === 0) {
        if (/^--[a-z]/.test(code)) aloneFlags.push({ page, flag: code.split(/[ =]/)[0] });
        continue;
      }
      for (const words of calls) {
        const [command, sub] = words;
        if (command === undefined || command.startsWith('-')) {
          for (const flag of words.filter((w) => w.startsWith('--')))
            if (!flagsIn(top).has(flag.split('=')[0])) problems.push(`${page}: sumlens ${flag} is not in sumlens --help`);
          continue;
        }
        if (!commands.has(command)) {
          problems.push(`${page}: "sumlens ${command}" is not a command of sumlens --help`);
          continue;
        }
        // A command with subcommands (datasets, cache) lists them in its own help.
        const own = await help([command]);
        const subcommands = new Set([...own.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]));
        const path = sub !== undefined && subcommands.has(sub) ? [command, sub] : [command];
        const flags = flagsIn(await help(path));
        for (const flag of words.filter((w) => w.startsWith('--')).map((w) => w.split('=')[0])) {
          checked++;
          if (!flags.has(flag)) problems.push(`${page}: ${flag} is not in sumlens ${path.join(' ')} --help`);
        }
      }
    }
    const everyFlag = flagsIn(top);
    for (const command of commands) for (const flag of flagsIn(await help([command]))) everyFlag.add(flag);
    for (const sub of ['list', 'get', 'path']) for (const flag of flagsIn(await help(['datasets', sub]))) everyFlag.add(flag);
    for (const sub of ['create', 'status', 'import', 'export']) for (const flag of flagsIn(await help(['review', sub]))) everyFlag.add(flag);
    for (const { page, flag } of aloneFlags) {
      checked++;
      if (!everyFlag.has(flag)) problems.push(`${page}: ${flag} is in no command's --help`);
    }
    assert.deepEqual(problems, []);
    assert.ok(checked > 60, `only ${checked} flags found in the docs: is the extraction broken?`);
  });
});
