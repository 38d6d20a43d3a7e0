package dev.pronto.testsupport;

import java.io.ByteArrayOutputStream;

/** Byte-array helpers for hand-made wire bytes in tests. Static functions; any thread. */
public final class Bytes {
    private Bytes() {
    }

    /** {@code parts} one after another, in a new array. */
    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
