/**
 * What every web service needs beside its routes: the CORS policy table and its hooks, and the
 * in-memory token buckets of rate limits. The public faces are {@code dev.pronto.core.Cors},
 * {@code RateLimit} and {@code RateLimitStore}.
 *
 * <p>Depends on no protocol package. Not API.
 */
package dev.pronto.core.internal.web;
