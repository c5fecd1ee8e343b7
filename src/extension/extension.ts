/**
 * SumLens in VS Code: a thin adapter over the engine (src/core). Wires the stores, the
 * providers and the commands; activation happens on a command (or when VS Code restores the
 * panel after a reload). Returns a small API that the integration tests wait on.
 */
import type * as vscode from 'vscode';
import { registrationsOf } from './registrations';
import { createServices } from './services';
import { activationTimes, apiOf, type SumLensApi } from './testApi';

export type { SumLensApi } from './testApi';

export function activate(context: vscode.ExtensionContext): SumLensApi {
  const activateStart = performance.now();
  const services = createServices(context);
  context.subscriptions.push(...registrationsOf(context, services));
  return apiOf(services, activationTimes(activateStart));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
