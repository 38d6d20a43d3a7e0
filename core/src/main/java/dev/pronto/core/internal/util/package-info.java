/**
 * Small helpers with no home of their own: the cached Date header, ASCII views, periodic checks,
 * rate-limited warnings, the fallback console logger, and the one timer of an HTTP connection
 * ({@code ConnectionClock}: HTTP/1.1 and HTTP/2 apply their own checks on it).
 *
 * <p>Depends on no protocol package. Not API.
 */
package dev.pronto.core.internal.util;
