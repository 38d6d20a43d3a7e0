/**
 * What a response carries, whatever the protocol: static files and their cache, ranges, MIME types,
 * compression (codings, pooled deflaters, streaming compressors), server-sent events, and the
 * {@code BodySink} each protocol frames a streamed body with (the exchange core's {@code FramedBody} drives it).
 *
 * <p>Below the exchange core: depends on no protocol package and not on {@code exchange}; the static file
 * server reaches the response it answers through {@code FileResponse}. Not API.
 */
package dev.pronto.core.internal.content;
