/**
 * The engine's tools (src/core/tools/, what `sumlens mcp` serves) that the editor offers as
 * language model tools too, each from its one definition (engineAgentTool.ts adapts it). The
 * engine's evaluate_summary and compare_runs are not among them: the editor has its own
 * versions, which work on what it holds (the selection, the paired source, the panel).
 * No imports: the unit test of package.json's contributions reads this file.
 */
export const ENGINE_TOOLS_IN_EDITOR = ['evaluate_dataset', 'estimate_cost', 'audit_judge', 'list_datasets', 'get_dataset'] as const;
export type EngineToolInEditor = (typeof ENGINE_TOOLS_IN_EDITOR)[number];

/** `evaluate_dataset` → `sumlens_evaluate_dataset`: VS Code's tool names share one namespace. */
export const agentToolName = (name: string): string => `sumlens_${name}`;
