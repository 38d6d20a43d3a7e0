package dev.pronto.grpc;

/**
 * Limits of the gRPC plugin: how large a request message may be, and how much response data may
 * wait for a client that does not read (its HTTP/2 window kept shut while it keeps sending
 * requests), so one client cannot fill the heap with replies.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>maxInboundMessageSize</td><td>4 MiB</td><td>largest request message, compressed or inflated;
 *     larger ones end the call with {@code RESOURCE_EXHAUSTED}</td></tr>
 * <tr><td>outboundBufferPerCall</td><td>1 MiB</td><td>response bytes one call may have queued for its
 *     client and not yet written; a message sent beyond it resets the stream</td></tr>
 * <tr><td>outboundBufferPerConnection</td><td>16 MiB</td><td>the same, summed over the streamed responses
 *     of one HTTP/2 connection</td></tr>
 * </table>
 *
 * <p>Queued bytes count each write's frames plus a fixed estimate of the heap kept with it until
 * it is written (384 bytes: stage, promise, listeners, buffer object; measured with a heap
 * histogram), so that many tiny replies cannot hide behind few bytes. A call whose application
 * respects {@code isReady()} stays near 32 KiB and never reaches the limits; one that ignores it is
 * ended once a limit is passed: the stream is reset with {@code ENHANCE_YOUR_CALM} (grpc-java
 * clients report {@code RESOURCE_EXHAUSTED}), its queued replies are freed, and the application's
 * listener gets {@code onCancel}. A single message larger than a limit still goes out when nothing
 * else is queued, and the status and the replies gathered just before it always do.
 *
 * @param maxInboundMessageSize positive
 * @param outboundBufferPerCall at least 64 KiB
 * @param outboundBufferPerConnection at least {@code outboundBufferPerCall}
 */
public record GrpcConfig(int maxInboundMessageSize, long outboundBufferPerCall, long outboundBufferPerConnection) {
    /** The smallest outbound limit: room for the 32 KiB a call may queue while it is ready, and more. */
    public static final long MIN_OUTBOUND_BUFFER = 64 * 1024;

    /**
     * Validates every field; see the class javadoc.
     *
     * @throws IllegalArgumentException naming the first field out of range and its value
     */
    public GrpcConfig {
        if (maxInboundMessageSize <= 0) {
            throw new IllegalArgumentException("maxInboundMessageSize must be positive, got " + maxInboundMessageSize);
        }
        if (outboundBufferPerCall < MIN_OUTBOUND_BUFFER) {
            throw new IllegalArgumentException("outboundBufferPerCall must be at least " + MIN_OUTBOUND_BUFFER
                    + ", got " + outboundBufferPerCall);
        }
        if (outboundBufferPerConnection < outboundBufferPerCall) {
            throw new IllegalArgumentException("outboundBufferPerConnection must be at least outboundBufferPerCall ("
                    + outboundBufferPerCall + "), got " + outboundBufferPerConnection);
        }
    }

    /** The defaults of the class table. */
    public static GrpcConfig defaults() {
        return new GrpcConfig(4 * 1024 * 1024, 1024 * 1024, 16 * 1024 * 1024);
    }
}
