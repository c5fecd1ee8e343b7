/**
 * Microsoft's SARIF Multitool (the npm package @microsoft/sarif-multitool, a self-contained
 * .NET binary per platform) validating a SARIF file: the schema, the SARIF spec's rules
 * (SARIF1xxx errors, SARIF2xxx warnings) and GitHub code scanning's ingestion rules (GHxxxx).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface MultitoolFinding {
  ruleId: string;
  level: string;
  message: string;
}

export function validateSarif(file: string): MultitoolFinding[] {
  // The package exports the path of its platform's binary.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tool: string = require('@microsoft/sarif-multitool');
  // Its postinstall makes it executable; an install that skipped scripts leaves that to us.
  if ((fs.statSync(tool).mode & 0o100) === 0) fs.chmodSync(tool, 0o755);
  const out = path.join(path.dirname(file), `${path.basename(file)}.validation.sarif`);
  execFileSync(tool, ['validate', file, '--output', out, '--log', 'ForceOverwrite', '--rule-kind', 'Sarif;Gh'], {
    // No ICU on a bare machine: .NET's invariant globalization mode.
    env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
    stdio: 'pipe',
  });
  const log = JSON.parse(fs.readFileSync(out, 'utf8'));
  const run = log.runs?.[0] ?? {};
  type Rule = { id: string; messageStrings?: Record<string, { text: string }> };
  type Result = { ruleId: string; level?: string; message: { id?: string; text?: string; arguments?: string[] } };
  const rules: Rule[] = run.tool?.driver?.rules ?? [];
  // The tool's messages are templates ("{0}: …") in its rules, filled with each result's arguments.
  const text = (r: Result) => {
    const template = r.message.id ? rules.find((rule) => rule.id === r.ruleId)?.messageStrings?.[r.message.id]?.text : undefined;
    return template ? template.replace(/\{(\d+)\}/g, (_, i: string) => r.message.arguments?.[Number(i)] ?? '') : (r.message.text ?? '');
  };
  return (run.results ?? []).map((r: Result) => ({ ruleId: r.ruleId, level: r.level ?? 'warning', message: text(r) }));
}
