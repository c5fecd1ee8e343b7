/**
 * Options whose value, when not typed, comes from an environment variable (`--base-url` from
 * OPENAI_BASE_URL). commander's own Option.env() reads process.env, which a call run with
 * its own environment (main(argv, io)) must not see; these read the call's io.env instead.
 */
import { Option, type Command } from 'commander';
import type { Environment } from './io';

const variables = new WeakMap<Option, string>();

/** An option filled from `variable` when the user does not type it; --help says so as commander would. */
export function environmentOption(flags: string, description: string, variable: string): Option {
  const option = new Option(flags, `${description} (env: ${variable})`);
  variables.set(option, variable);
  return option;
}

/** Before the action runs: each such option of the command not typed takes its variable's value. */
export function applyEnvironmentOptions(command: Command, env: Environment): void {
  for (const option of command.options) {
    const variable = variables.get(option);
    const value = variable === undefined ? undefined : env[variable];
    const key = option.attributeName();
    if (value !== undefined && command.getOptionValue(key) === undefined) command.setOptionValueWithSource(key, value, 'env');
  }
}
