// The request-duration histogram, by method, route pattern and status: one instrument for Fastify's routes and the proxy's entry.
import { Histogram, type Registry } from 'prom-client';

export type ObserveRequest = (method: string, route: string, status: number, seconds: number) => void;

export function createRequestMetrics(registry: Registry): ObserveRequest {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  // The route pattern, never the raw URL, keeps the label set small.
  return (method, route, status, seconds) =>
    duration.observe({ method, route, status: String(status) }, seconds);
}
