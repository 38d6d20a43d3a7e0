/**
 * Small helpers with no home of their own: the cached Date header, ASCII views, periodic checks,
 * rate-limited warnings and the fallback console logger.
 *
 * <p>Depends on no protocol package. Not API.
 */
package dev.pronto.core.internal.util;
