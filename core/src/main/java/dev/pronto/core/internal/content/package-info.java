/**
 * What a response carries, whatever the protocol: static files and their cache, ranges, MIME types,
 * compression (codings, pooled deflaters, streaming compressors) and server-sent events.
 *
 * <p>Depends on no protocol package. Not API.
 */
package dev.pronto.core.internal.content;
