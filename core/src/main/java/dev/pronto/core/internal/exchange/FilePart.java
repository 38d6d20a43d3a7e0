package dev.pronto.core.internal.exchange;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A byte range of an open file to send as a response body, owned by whoever holds it: the carrier
 * turns it into a zero-copy region (HTTP/1.1) or reads it chunk by chunk (HTTP/2), and closes the
 * file when done or dropped.
 *
 * @param channel the open file
 * @param offset first byte to send
 * @param count number of bytes to send
 */
public record FilePart(FileChannel channel, long offset, long count) {
    /** Closes the file; safe to call more than once. */
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing more can be done for a file that fails to close
        }
    }

    /** Releases {@code part} (a ByteBuf, FileRegion, chunk or FilePart), whatever it is. */
    public static void release(Object part) {
        if (part instanceof FilePart file) {
            file.close();
        } else {
            Exchange.release(part);
        }
    }
}
