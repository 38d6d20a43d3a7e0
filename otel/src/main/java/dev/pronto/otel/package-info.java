/** OpenTelemetry tracing for Pronto: {@link dev.pronto.otel.Tracing}. Depends on {@code opentelemetry-api} only. */
package dev.pronto.otel;
