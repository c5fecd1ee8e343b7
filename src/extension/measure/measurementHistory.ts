/**
 * Earlier measurements of each template against people, newest first, kept in
 * workspaceState per template id, so that an author sees whether an edit helped.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { measurementSchema } from '../webview/measurementSchemas';

export type Measurement = z.infer<typeof measurementSchema>;

const stateKey = 'sumlens.templateMeasurements';
/** Measurements kept per template. */
const kept = 10;

export class MeasurementHistory implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a measurement was added. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  dispose(): void {
    this.changed.dispose();
  }

  all(): Record<string, Measurement[]> {
    const parsed = z.record(z.string(), z.array(measurementSchema)).safeParse(this.state.get(stateKey));
    return parsed.success ? parsed.data : {};
  }

  of(templateId: string): Measurement[] {
    return this.all()[templateId] ?? [];
  }

  async add(templateId: string, measurement: Measurement): Promise<void> {
    const all = this.all();
    all[templateId] = [measurement, ...(all[templateId] ?? [])].slice(0, kept);
    await this.state.update(stateKey, all);
    this.changed.fire();
  }
}
