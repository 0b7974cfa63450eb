/**
 * Structured logs and metrics, created once per execution environment, with Powertools for AWS
 * Lambda: one JSON object per log line (level, message, service, the Lambda context once
 * `logger.addContext` has it, and the fields given), and metrics as CloudWatch Embedded Metric Format
 * lines, which CloudWatch turns into metrics without an API call. Both write straight to stdout or
 * stderr, bypassing the Lambda runtime's console (which would prefix or wrap every line), so they read
 * the same on AWS and in the local cloud. Never log headers, tokens or bodies.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { systemMillis } from './domain/clock';
import { METRICS_NAMESPACE, SERVICE_NAME, type MetricName } from './metrics';

// Marked pure so that esbuild leaves out of a bundle whichever of the two its handler never uses
// (the WebSocket connect/disconnect handlers count nothing: ~10 KB less for them).
export const logger = /* @__PURE__ */ new Logger({ serviceName: SERVICE_NAME });

export const metrics = /* @__PURE__ */ new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });

/** Adds `value` to a count of this invocation; written by {@link flushMetrics}. */
export function count(name: MetricName, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/** Writes this invocation's metrics as one EMF line, if it counted anything (and nothing otherwise). */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

/** What a request's log line says about it besides its status, error code and duration. */
export type RequestFields = { requestId?: string; method?: string; route?: string; path?: string };

/** A request's answer, with the contract's error code it carries and the unexpected error behind it, if any. */
export type RequestOutcome<R> = { result: R; code?: string; failure?: unknown };

/**
 * One HTTP request of the API's handlers or the page function, logged and counted the same way: the
 * Lambda context when there is one (Lambda passes it, and so does the local runtime; a test calling a
 * handler directly may not), then one log line
 * (`request`, or `request failed` at error level with the error), then whatever the request counted,
 * as metrics. `answer` answers every request, an unexpected error included (as `failure`, with the
 * response it chose); headers and bodies are never logged.
 */
export async function loggedRequest<R extends { statusCode?: number }>(
  context: Context | undefined,
  fields: RequestFields,
  answer: () => Promise<RequestOutcome<R>>,
): Promise<R> {
  if (context) logger.addContext(context);
  const started = systemMillis();
  const { result, code, failure } = await answer();
  const line = { ...fields, status: result.statusCode, code, durationMs: systemMillis() - started };
  if (failure) logger.error('request failed', { ...line, error: failure });
  else logger.info('request', line);
  flushMetrics();
  return result;
}

/**
 * One invocation of a function no HTTP request calls (a WebSocket route, a stream reader, a schedule,
 * an asynchronous invoke), set up the same way: the Lambda context when there is one, then `run`;
 * an error it throws is logged at error level with `fields` (and thrown again: Lambda's own retries
 * decide what comes next); `finish` (the invocation's metrics: {@link flushMetrics}) runs when it
 * ends, whatever the outcome. A function that counts nothing passes none, so its bundle leaves the
 * metrics library out.
 */
export async function loggedInvocation<R>(
  context: Context | undefined,
  fields: { route: string },
  run: () => Promise<R>,
  finish?: () => void,
): Promise<R> {
  if (context) logger.addContext(context);
  try {
    return await run();
  } catch (error) {
    logger.error('invocation failed', { ...fields, error });
    throw error;
  } finally {
    finish?.();
  }
}
