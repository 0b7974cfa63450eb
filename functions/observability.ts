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
