export { loadTemplate } from './loadTemplate';
export { resolveTemplate, listTemplates, checkTemplateId, builtinPromptsDir, type ResolveOptions, type TemplateEntry } from './resolveTemplate';
export { renderTemplate } from './renderTemplate';
export { TemplateError } from './templateError';
export { isAspectTemplate, type Template, type AspectTemplate, type FineTemplate, type AspectTask, type TemplateTask } from './template';
export { PLACEHOLDER_NAMES, type PlaceholderName, type TemplateVars } from './placeholders';
