package dev.pronto.core.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/** Retry tokens prove a client's address: only the address a token was made for, within its lifetime, unaltered. */
class H3RetryTokensTest {
    private static final InetSocketAddress CLIENT = new InetSocketAddress("10.0.0.1", 4433);
    private final H3RetryTokens tokens = new H3RetryTokens();

    private ByteBuf token(InetSocketAddress address, byte[] cid) {
        ByteBuf out = Unpooled.buffer();
        tokens.writeToken(out, Unpooled.wrappedBuffer(cid), address);
        return out;
    }

    @Test
    void tokenIsAcceptedFromItsAddressAndPointsAtTheOriginalConnectionId() {
        ByteBuf t = token(CLIENT, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        try {
            int at = tokens.validateToken(t, CLIENT);

            assertThat(at).isPositive();
            assertThat(t.getByte(t.readerIndex() + at)).isEqualTo((byte) 1);
            assertThat(t.readableBytes() - at).isEqualTo(8);
        } finally {
            t.release();
        }
    }

    @Test
    void tokenFromAnotherAddressIsRefused() {
        ByteBuf t = token(CLIENT, new byte[] {1, 2, 3, 4});
        try {
            assertThat(tokens.validateToken(t, new InetSocketAddress("10.0.0.2", 4433))).isEqualTo(-1);
        } finally {
            t.release();
        }
    }

    @Test
    void alteredTokenIsRefused() {
        ByteBuf t = token(CLIENT, new byte[] {1, 2, 3, 4});
        try {
            t.setByte(t.writerIndex() - 1, 9);

            assertThat(tokens.validateToken(t, CLIENT)).isEqualTo(-1);
        } finally {
            t.release();
        }
    }

    @Test
    void tokenOfAnotherListenerIsRefused() {
        ByteBuf t = token(CLIENT, new byte[] {1, 2, 3, 4});
        try {
            assertThat(new H3RetryTokens().validateToken(t, CLIENT)).isEqualTo(-1);
        } finally {
            t.release();
        }
    }

    @Test
    void expiredTokenIsRefused() {
        ByteBuf t = token(CLIENT, new byte[] {1, 2, 3, 4});
        try {
            t.setLong(t.readerIndex(), System.currentTimeMillis() - 1);

            assertThat(tokens.validateToken(t, CLIENT)).isEqualTo(-1);
        } finally {
            t.release();
        }
    }

    @Test
    void truncatedTokenIsRefused() {
        ByteBuf t = Unpooled.wrappedBuffer(new byte[5]);
        try {
            assertThat(tokens.validateToken(t, CLIENT)).isEqualTo(-1);
        } finally {
            t.release();
        }
    }
}
