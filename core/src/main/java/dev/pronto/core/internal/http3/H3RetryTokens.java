package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.quic.QuicTokenHandler;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Retry tokens for QUIC address validation (RFC 9000 §8.1): a client's first Initial is answered with a
 * Retry carrying {@code expiry | MAC(expiry, client IP, original connection id) | original connection id},
 * and only an Initial that echoes a token made for its own address within {@link #LIFETIME_MILLIS} opens a
 * connection. A spoofed source address never sees the token, so it cannot make the server keep state or
 * amplify. The key is random per listener and never leaves memory. Thread-safe: the sockets of one listener
 * (SO_REUSEPORT) share it; signing is locked, and runs only for new connections.
 */
final class H3RetryTokens implements QuicTokenHandler {
    static final long LIFETIME_MILLIS = 10_000;
    private static final int MAC_BYTES = 16;
    private static final int HEADER = 8 + MAC_BYTES;
    /** RFC 9000 §17.2: connection ids are at most 20 bytes. */
    private static final int MAX_CID = 20;

    private final Mac mac;

    H3RetryTokens() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        try {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available for QUIC retry tokens", e);
        }
    }

    @Override
    public boolean writeToken(ByteBuf out, ByteBuf dcid, InetSocketAddress address) {
        long expiry = System.currentTimeMillis() + LIFETIME_MILLIS;
        out.writeLong(expiry);
        out.writeBytes(sign(expiry, address, dcid, dcid.readerIndex(), dcid.readableBytes()), 0, MAC_BYTES);
        out.writeBytes(dcid, dcid.readerIndex(), dcid.readableBytes());
        return true;
    }

    @Override
    public int validateToken(ByteBuf token, InetSocketAddress address) {
        int cidLength = token.readableBytes() - HEADER;
        if (cidLength < 0 || cidLength > MAX_CID) {
            return -1;
        }
        int at = token.readerIndex();
        long expiry = token.getLong(at);
        if (expiry < System.currentTimeMillis()) {
            return -1;
        }
        byte[] expected = sign(expiry, address, token, at + HEADER, cidLength);
        byte[] given = new byte[MAC_BYTES];
        token.getBytes(at + 8, given);
        return MessageDigest.isEqual(java.util.Arrays.copyOf(expected, MAC_BYTES), given) ? HEADER : -1;
    }

    @Override
    public int maxTokenLength() {
        return HEADER + MAX_CID;
    }

    private synchronized byte[] sign(long expiry, InetSocketAddress address, ByteBuf cid, int from, int length) {
        mac.reset();
        for (int i = 56; i >= 0; i -= 8) {
            mac.update((byte) (expiry >>> i));
        }
        mac.update(address.getAddress().getAddress());
        byte[] id = new byte[length];
        cid.getBytes(from, id);
        mac.update(id);
        return mac.doFinal();
    }
}
