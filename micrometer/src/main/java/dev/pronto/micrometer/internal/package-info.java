/** Internal use only; not API. */
package dev.pronto.micrometer.internal;
