/**
 * Runs action.yml's composite steps the way a GitHub runner does: inputs given or defaulted,
 * `${{ }}` substituted in `env`, `with` and `if`; each `run` step a bash script
 * (`bash --noprofile --norc -eo pipefail`, GitHub's `shell: bash`) in the workspace, with the
 * documented environment (GITHUB_ACTION_PATH, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH,
 * GITHUB_REPOSITORY, GITHUB_BASE_REF, GITHUB_API_URL, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT,
 * GITHUB_ENV, RUNNER_TEMP …); later steps skipped after a failure unless their `if` says
 * always(). A `uses` step is handed to the test's stand-in for that action (the Actions cache,
 * code scanning), since those talk to GitHub's services.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { condition, interpolate, type Contexts } from './expressions';

interface ActionStep {
  name: string;
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}

interface ActionFile {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: ActionStep[] };
}

/** A stand-in for an action a step uses: gets the step's `with`, substituted. */
export type UsesHandler = (inputs: Record<string, string>) => void;

export interface StepResult {
  name: string;
  outcome: 'success' | 'failure' | 'skipped';
  exitCode?: number;
  stdout: string;
  stderr: string;
}

export interface CompositeRun {
  actionPath: string;
  workspace: string;
  /** github.* values besides those derived here: event_name, base_ref, ref_name, sha, run_id, token … */
  github: Record<string, string>;
  inputs: Record<string, string>;
  /** The runner's own environment (PATH, HOME, GITHUB_EVENT_PATH …), as the runner sets it. */
  env: Record<string, string>;
  runnerTemp: string;
  uses: Record<string, UsesHandler>;
}

function inputsOf(action: ActionFile, given: Record<string, string>, contexts: Contexts): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    if (given[name] !== undefined) inputs[name] = given[name];
    else if (spec.required) throw new Error(`input ${name} is required`);
    else inputs[name] = interpolate(spec.default ?? '', contexts);
  }
  for (const name of Object.keys(given)) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  return inputs;
}

function substituted(values: Record<string, string> | undefined, contexts: Contexts): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, interpolate(String(v), contexts)]));
}

/** Asynchronous: the fake servers the step talks to answer from this same process. */
async function runScript(step: ActionStep, env: Record<string, string>, run: CompositeRun): Promise<StepResult> {
  if (step.shell !== 'bash') throw new Error(`step "${step.name}": shell must be bash (composite run steps name their shell)`);
  const script = path.join(run.runnerTemp, `step-${Math.random().toString(36).slice(2)}.sh`);
  fs.writeFileSync(script, step.run ?? '');
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: run.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exitCode = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return { name: step.name, outcome: exitCode === 0 ? 'success' : 'failure', exitCode, stdout, stderr };
}

function outputsOf(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  if (!fs.existsSync(file)) return outputs;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}

export async function runComposite(run: CompositeRun): Promise<StepResult[]> {
  const action = parse(fs.readFileSync(path.join(run.actionPath, 'action.yml'), 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error('action.yml is not a composite action');
  const github: Record<string, string> = { action_path: run.actionPath, workspace: run.workspace, run_attempt: '1', ...run.github };
  const contexts: Contexts = { github, runner: { temp: run.runnerTemp, os: 'Linux' }, steps: {}, env: {} };
  contexts.inputs = inputsOf(action, run.inputs, contexts);
  const results: StepResult[] = [];
  let succeeded = true;
  for (const step of action.runs.steps) {
    if (!condition(step.if, contexts, { succeeded })) {
      results.push({ name: step.name, outcome: 'skipped', stdout: '', stderr: '' });
      continue;
    }
    const output = path.join(run.runnerTemp, `output-${results.length}`);
    const env = {
      ...run.env,
      GITHUB_ACTION_PATH: run.actionPath,
      GITHUB_WORKSPACE: run.workspace,
      GITHUB_EVENT_NAME: github.event_name,
      GITHUB_BASE_REF: github.base_ref ?? '',
      GITHUB_REF_NAME: github.ref_name ?? '',
      GITHUB_SHA: github.sha ?? '',
      RUNNER_TEMP: run.runnerTemp,
      GITHUB_OUTPUT: output,
      GITHUB_ENV: path.join(run.runnerTemp, 'env'),
      ...substituted(step.env, contexts),
    };
    let result: StepResult;
    if (step.uses) {
      const handler = run.uses[step.uses];
      if (!handler) throw new Error(`step "${step.name}" uses ${step.uses}, which the test has no stand-in for`);
      handler(substituted(step.with, contexts));
      result = { name: step.name, outcome: 'success', stdout: '', stderr: '' };
    } else {
      result = await runScript(step, env, run);
    }
    if (step.id) (contexts.steps as Record<string, unknown>)[step.id] = { outcome: result.outcome, outputs: outputsOf(output) };
    succeeded &&= result.outcome === 'success';
    results.push(result);
  }
  return results;
}
