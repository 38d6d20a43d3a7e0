package dev.pronto.core.internal.content;

import dev.pronto.core.Response;
import io.netty.buffer.ByteBuf;
import java.nio.file.Path;

/**
 * The response the static file server answers: a {@link Response} that also sends a file region or a
 * prepared body as it is. The exchange core's handle implements it, so this package never depends on the
 * exchange core. Same thread rules as {@link Response}.
 */
public interface FileResponse extends Response {
    /** Sends a zero-copy region of {@code file} with the current status and headers ({@code length} -1: to its end). */
    void sendFileRange(Path file, long offset, long length);

    /** Sends {@code body} (owned by this call) as it is, with no compression. */
    void sendPrepared(ByteBuf body);

    /** The server's response compression, or null when it is off. */
    Compressors compressors();
}
