package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * What every wire's response shares: the body it owns, released on {@link #close()} unless a listener
 * holds the response (then the exchange releases it after the callback). Event loop only, like the
 * exchange that fills it; a caller owning a detached response may close it from any thread, once.
 */
public abstract class BodyResponse implements ClientResponse {
    /** The body, owned here; never null. Set by the decoder (this package) or {@link #body(ByteBuf)}. */
    ByteBuf body = Unpooled.EMPTY_BUFFER;

    /** Whether a listener holds the response now: {@link #close()} is then a no-op. */
    protected abstract boolean heldByListener();

    /** Takes ownership of {@code b} as the body, in place of the empty one. */
    public final void body(ByteBuf b) {
        body = b;
    }

    @Override
    public final ByteBuf body() {
        return body;
    }

    @Override
    public final void close() {
        if (!heldByListener()) {
            release();
        }
    }

    /** Releases the body, leaving the empty one; idempotent. */
    public final void release() {
        ByteBuf b = body;
        body = Unpooled.EMPTY_BUFFER;
        if (b != Unpooled.EMPTY_BUFFER && b.refCnt() > 0) {
            b.release();
        }
    }

    @Override
    public String toString() {
        return "ClientResponse[" + status() + ", " + body.readableBytes() + " body bytes]";
    }
}
