package dev.pronto.core.internal.exchange;

import dev.pronto.wire.Ascii;
import dev.pronto.router.Method;
import io.netty.buffer.ByteBuf;

/**
 * A parsed request head: the head's bytes, copied once from the read buffer into an array this
 * object owns and reuses, with every part kept as offsets into it. Owning the bytes lets a request
 * outlive the read buffer (async and blocking handlers) without pinning pooled memory.
 */
public final class RequestHead {
    private static final byte[] REQUEST_TIMEOUT = RequestDeadline.HEADER.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    public byte[] bytes = new byte[512];
    public int length;

    public Method method;
    public int targetStart;
    public int targetEnd;
    public int pathStart;
    public int pathEnd;
    /** The authority of an absolute-form target, or -1; it stands in for the Host header's value. */
    int authorityStart;
    int authorityEnd;
    public boolean http11;
    /** Carried by an HTTP/2 stream (framing by DATA frames, never chunked or closing). */
    public boolean http2;
    /** Carried by an HTTP/3 stream (then {@link #http2} is set too: framed by the carrier). */
    public boolean http3;

    int headerCount;
    /** Per header: name start, name end, value start, value end. */
    int[] fields = new int[4 * 16];

    public long contentLength;
    public boolean chunked;
    boolean connectionClose;
    boolean connectionKeepAlive;
    public boolean expectContinue;
    /** An {@code Upgrade} field was sent: only then is it worth looking for h2c or WebSocket. */
    public boolean upgrade;
    int hostCount;
    int hostField;
    /**
     * The first {@code Request-Timeout} field ({@link RequestDeadline}), or -1: noted as the fields are
     * added, by every carrier, so a request without one costs no second pass over its names.
     */
    int deadlineField;

    /** Status of the first violation found, 0 when valid. */
    public int errorStatus;
    public String errorMessage;

    /**
     * Starts this head over as a copy of the {@code length} bytes of an HTTP/1.1-style head at {@code from} in
     * {@code in} (its reader index unchanged), for the parser to read in place.
     */
    public void load(ByteBuf in, int from, int length) {
        reset(length);
        in.getBytes(from, bytes, 0, length);
        this.length = length;
    }

    public void reset(int capacity) {
        if (bytes.length < capacity) {
            bytes = new byte[Math.max(capacity, bytes.length * 2)];
        }
        length = 0;
        method = null;
        http2 = false;
        http3 = false;
        authorityStart = -1;
        headerCount = 0;
        contentLength = -1;
        chunked = false;
        connectionClose = false;
        connectionKeepAlive = false;
        expectContinue = false;
        upgrade = false;
        hostCount = 0;
        deadlineField = -1;
        errorStatus = 0;
        errorMessage = null;
    }

    public boolean keepAlive() {
        return http2 || (http11 ? !connectionClose : connectionKeepAlive && !connectionClose);
    }

    int queryStart() {
        return pathEnd < targetEnd ? pathEnd + 1 : targetEnd;
    }

    public void addField(int nameStart, int nameEnd, int valueStart, int valueEnd) {
        int i = headerCount * 4;
        if (i + 4 > fields.length) {
            fields = java.util.Arrays.copyOf(fields, fields.length * 2);
        }
        fields[i] = nameStart;
        fields[i + 1] = nameEnd;
        fields[i + 2] = valueStart;
        fields[i + 3] = valueEnd;
        if (nameEnd - nameStart == REQUEST_TIMEOUT.length && deadlineField < 0
                && Ascii.equalsLower(bytes, nameStart, REQUEST_TIMEOUT.length, REQUEST_TIMEOUT)) {
            deadlineField = headerCount;
        }
        headerCount++;
    }

    /** Index of the first header named {@code name} at or after {@code from}, or -1. */
    int find(CharSequence name, int from) {
        for (int h = from; h < headerCount; h++) {
            int s = fields[h * 4];
            if (Ascii.equalsIgnoreCase(bytes, s, fields[h * 4 + 1] - s, name)) {
                return h;
            }
        }
        return -1;
    }

    String value(int h) {
        int s = fields[h * 4 + 2];
        return Ascii.string(bytes, s, fields[h * 4 + 3] - s);
    }

    String name(int h) {
        int s = fields[h * 4];
        return Ascii.string(bytes, s, fields[h * 4 + 1] - s);
    }

    public boolean fail(int status, String message) {
        if (errorStatus == 0) {
            errorStatus = status;
            errorMessage = message;
        }
        return false;
    }
}
