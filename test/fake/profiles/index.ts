/** Every server behaviour of ../shared/guides/provider-behaviours.md as a fake-server profile. */
export { anthropic } from './anthropic';
export { azureClassic, azureV1 } from './azure';
export { byteLevel } from './byteLevel';
export { ollamaCutting, vllmContextLimited } from './contextLimits';
export { dashScope } from './dashScope';
export { gemini } from './gemini';
export { groq } from './groq';
export { llamaCpp } from './llamaCpp';
export { mistralReasoning } from './mistral';
export { lmStudio } from './lmStudio';
export { nIgnoring } from './nIgnoring';
export { ollama, ollamaCloud, ollamaOld } from './ollama';
export { openai, openaiReasoning } from './openai';
export { openRouter } from './openRouter';
export { sglang } from './sglang';
export { together } from './together';
export { vllm, vllm04, vllmReasoning, vllmTokenIds } from './vllm';
