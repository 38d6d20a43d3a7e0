/**
 * Internal use only; not API. {@code Http3Client}'s machinery: an {@link dev.pronto.client.http.internal.http3.H3Dispatch}
 * with, per event loop, one {@link dev.pronto.client.http.internal.http3.H3Link} per origin (a QUIC connection on its
 * own datagram channel, waiting calls within the server's stream limit, their deadlines) and one
 * {@link dev.pronto.client.http.internal.http3.H3Exchange} per request stream (Netty's HTTP/3 frames in, the response
 * buffered or streamed out). Loaded only when an {@code Http3Client} is created: the HTTP/3 dependencies are optional.
 */
package dev.pronto.client.http.internal.http3;
