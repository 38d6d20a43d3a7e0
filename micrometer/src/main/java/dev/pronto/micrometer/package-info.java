/**
 * Pronto's meters in any Micrometer {@code MeterRegistry}: {@link dev.pronto.micrometer.ProntoMeters}
 * for the server and the JVM, {@link dev.pronto.micrometer.PostgresMeters} for {@code pronto-pg}.
 * Names and tags are those of {@link dev.pronto.core.MeterNames}.
 */
package dev.pronto.micrometer;
