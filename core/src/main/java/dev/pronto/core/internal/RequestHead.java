package dev.pronto.core.internal;

import dev.pronto.router.Method;

/**
 * A parsed request head: the head's bytes, copied once from the read buffer into an array this
 * object owns and reuses, with every part kept as offsets into it. Owning the bytes lets a request
 * outlive the read buffer (async and blocking handlers) without pinning pooled memory.
 */
final class RequestHead {
    byte[] bytes = new byte[512];
    int length;

    Method method;
    int targetStart;
    int targetEnd;
    int pathStart;
    int pathEnd;
    /** The authority of an absolute-form target, or -1; it stands in for the Host header's value. */
    int authorityStart;
    int authorityEnd;
    boolean http11;
    /** Carried by an HTTP/2 stream (framing by DATA frames, never chunked or closing). */
    boolean http2;

    int headerCount;
    /** Per header: name start, name end, value start, value end. */
    int[] fields = new int[4 * 16];

    long contentLength;
    boolean chunked;
    boolean connectionClose;
    boolean connectionKeepAlive;
    boolean expectContinue;
    /** An {@code Upgrade} field was sent: only then is it worth looking for h2c or WebSocket. */
    boolean upgrade;
    int hostCount;
    int hostField;

    /** Status of the first violation found, 0 when valid. */
    int errorStatus;
    String errorMessage;

    void reset(int capacity) {
        if (bytes.length < capacity) {
            bytes = new byte[Math.max(capacity, bytes.length * 2)];
        }
        length = 0;
        method = null;
        http2 = false;
        authorityStart = -1;
        headerCount = 0;
        contentLength = -1;
        chunked = false;
        connectionClose = false;
        connectionKeepAlive = false;
        expectContinue = false;
        upgrade = false;
        hostCount = 0;
        errorStatus = 0;
        errorMessage = null;
    }

    boolean keepAlive() {
        return http2 || (http11 ? !connectionClose : connectionKeepAlive && !connectionClose);
    }

    int queryStart() {
        return pathEnd < targetEnd ? pathEnd + 1 : targetEnd;
    }

    void addField(int nameStart, int nameEnd, int valueStart, int valueEnd) {
        int i = headerCount * 4;
        if (i + 4 > fields.length) {
            fields = java.util.Arrays.copyOf(fields, fields.length * 2);
        }
        fields[i] = nameStart;
        fields[i + 1] = nameEnd;
        fields[i + 2] = valueStart;
        fields[i + 3] = valueEnd;
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

    boolean fail(int status, String message) {
        if (errorStatus == 0) {
            errorStatus = status;
            errorMessage = message;
        }
        return false;
    }
}
