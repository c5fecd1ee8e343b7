import OpenAI from 'openai';

/**
 * Whether a thrown value is the openai client's APIError, narrowed to its declared types:
 * `instanceof` narrows to APIError<any, any, any>, whose status and headers would be `any`.
 */
export function isApiError(error: unknown): error is InstanceType<typeof OpenAI.APIError> {
  return error instanceof OpenAI.APIError;
}
