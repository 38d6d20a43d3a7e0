package dev.pronto.client.http;

/**
 * How a teleport client compresses the requests it writes (the server declares its own for the
 * responses; a client reads all three). Wire bytes: flate 0, none 1, snappy 2.
 */
public enum TeleportCompression {
    /** Raw DEFLATE, one stream per connection, sync-flushed per batch: the smallest, the most CPU. Go's default. */
    FLATE(0),
    /** No compression: the least CPU. */
    NONE(1),
    /** The snappy framing format, one chunk per batch: fast, compresses only within a batch. */
    SNAPPY(2);

    private final int wire;

    TeleportCompression(int wire) {
        this.wire = wire;
    }

    /** The handshake byte of this compression. */
    public int wire() {
        return wire;
    }
}
