package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TlsCloseGuardTest {
    private final SSLEngine engine = newEngine();
    private final EmbeddedChannel channel = new EmbeddedChannel(new TlsCloseGuard(engine));

    @AfterEach
    void finish() {
        channel.finishAndReleaseAll();
    }

    private static SSLEngine newEngine() {
        try {
            SSLEngine e = SSLContext.getDefault().createSSLEngine();
            e.setUseClientMode(true);
            return e;
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Closes the engine's outbound side as SslHandler does on a close: closeOutbound, then wrap the close_notify. */
    private void closeOutbound() throws Exception {
        engine.closeOutbound();
        ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        while (!engine.isOutboundDone()) {
            engine.wrap(ByteBuffer.allocate(0), out);
            out.clear();
        }
    }

    @Test
    void readsPassWhileTheServerSideIsOpen() {
        ByteBuf in = Unpooled.copiedBuffer(new byte[] {22, 3, 3});

        channel.writeInbound(in);

        ByteBuf passed = channel.readInbound();
        assertThat(passed).isSameAs(in);
        passed.release();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void aReadAfterTheServerClosedItsSideIsDroppedAndClosesTheConnection() throws Exception {
        closeOutbound();
        ByteBuf in = Unpooled.copiedBuffer(new byte[] {23, 3, 3});

        channel.writeInbound(in);

        assertThat(channel.<Object>readInbound()).isNull();
        assertThat(in.refCnt()).isZero();
        assertThat(channel.isOpen()).isFalse();
    }
}
