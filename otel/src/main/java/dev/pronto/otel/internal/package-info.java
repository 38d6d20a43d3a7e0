/** Internal use only; not API. */
package dev.pronto.otel.internal;
