/**
 * "SumLens: Check Judge" and "SumLens: Show Judge Capabilities" as markdown: what the endpoint
 * and model do, the route each method takes, what a run costs, and the quirks learned. Server
 * words are put in code spans so markdown in them is shown, not interpreted.
 */
import type { EndpointQuirks } from '../../core/llm/capabilityStore';
import type { EndpointProbe } from '../../core/probe/probeEndpoint';
import type { Capability } from '../../core/probe/probeJudge';

/** Text inside an inline code span: backticks cannot close it, line breaks cannot split the table. */
function code(text: string): string {
  return `\`${text.replace(/`/g, "'").replace(/\s+/g, ' ')}\``;
}

function capability(c: Capability): string {
  return `${c.support}${c.cap !== undefined ? ` (cap ${c.cap})` : ''} | ${code(c.detail)}`;
}

export function probeMarkdown({ probe, routes, costs, retirement }: EndpointProbe): string {
  const lines = [`# SumLens: Check Judge`, '', `${code(probe.model)} at ${code(probe.endpoint)} · ${probe.requests} requests`, ''];
  if (retirement) {
    lines.push(
      `> **Warning:** ${probe.model} is announced to retire on ${retirement.date} (${retirement.source}); scores from it cannot be reproduced after that date.`,
      '',
    );
  }
  lines.push(
    '| | Support | What the server did |',
    '| --- | --- | --- |',
    `| logprobs | ${capability(probe.logprobs)} |`,
    `| n | ${capability(probe.n)} |`,
    `| temperature | ${capability(probe.temperature)} |`,
    `| structured output | ${probe.structuredOutput.mode} | ${code(probe.structuredOutput.detail)} |`,
    `| streaming only | ${probe.streamingOnly ? 'yes' : 'no'} | ${probe.streamingOnly ? code(probe.streamingDetail ?? '') : ''} |`,
    `| reasoning | ${probe.reasoning.detected ? 'yes' : 'no'} | ${code(probe.reasoning.detail)} |`,
    '',
    '## Routes',
    '',
    `- **geval, rationale:** ${routes.scores}`,
    `- **sampling:** ${routes.sampling}`,
    `- **fine:** ${routes.fine}`,
  );
  if (costs.length) {
    lines.push('', '## Cost of one summary', '', '| Run | Calls | Prompt tokens | Completion tokens |', '| --- | --- | --- | --- |');
    for (const c of costs) lines.push(`| ${c.label} | ${c.bound === 'exact' ? '' : `${c.bound} `}${c.calls} | ${c.promptTokens} | ${c.completionTokens} |`);
  }
  return lines.join('\n') + '\n';
}

export function capabilitiesMarkdown(entries: EndpointQuirks[], describe: (name: string, value: unknown) => string): string {
  const lines = [
    '# SumLens: Judge Capabilities',
    '',
    'What SumLens learned from endpoints that refused a parameter (kept for 7 days) or silently ignored it on every request of a run (kept for 1 day).',
    '',
  ];
  if (entries.length === 0) lines.push('Nothing learned yet.');
  for (const entry of entries) {
    lines.push(`## ${code(entry.model)} at ${code(entry.endpoint)}`, '');
    for (const q of entry.quirks) {
      lines.push(`- **${describe(q.name, q.value)}** — learned ${q.learnedAt.slice(0, 10)}, until ${q.expiresAt.slice(0, 10)}; ${code(q.because)}`);
    }
    lines.push('');
  }
  return lines.join('\n') + '\n';
}
