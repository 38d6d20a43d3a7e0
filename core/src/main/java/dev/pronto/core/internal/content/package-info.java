/**
 * What a response carries, whatever the protocol: static files and their cache, ranges, MIME types,
 * compression (codings, pooled deflaters, streaming compressors), server-sent events, the protocol-neutral
 * half of a streamed body ({@code FramedBody}, over each protocol's {@code BodySink}) and file ranges read chunk by chunk ({@code FileChunk}).
 *
 * <p>Depends on no protocol package. Not API.
 */
package dev.pronto.core.internal.content;
