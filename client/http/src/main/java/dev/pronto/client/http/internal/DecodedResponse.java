package dev.pronto.client.http.internal;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A response as decoded: the head bytes copied into an array with offsets of each header, and the
 * body buffer. A pooled instance is reused per exchange, so its arrays only grow.
 */
public final class DecodedResponse extends BodyResponse {
    private final boolean pooled;
    int status;
    byte[] head = new byte[512];
    int headLength;
    /** nameStart, nameEnd, valueStart, valueEnd per header. */
    int[] fields = new int[64];
    int fieldCount;

    private DecodedResponse(boolean pooled) {
        this.pooled = pooled;
    }

    @Override
    protected boolean heldByListener() {
        return pooled;
    }

    /** A response an exchange reuses: the listener must not keep it past its callback. */
    public static DecodedResponse pooled() {
        return new DecodedResponse(true);
    }

    /** A response the listener owns and closes. */
    public static DecodedResponse detached() {
        return new DecodedResponse(false);
    }

    /** Copies the {@code len} head bytes at {@code from} of {@code in} (HTTP/1.1 text) as this response's head. */
    public void copyHead(ByteBuf in, int from, int len) {
        if (head.length < len) {
            head = new byte[Math.max(len, head.length * 2)];
        }
        in.getBytes(from, head, 0, len);
        headLength = len;
    }

    /** The head array, grown to hold at least {@code need} bytes (kept); for a protocol that writes fields itself. */
    public byte[] headRoom(int need) {
        if (need > head.length) {
            head = java.util.Arrays.copyOf(head, Math.max(need, head.length * 2));
        }
        return head;
    }

    /** The head array holds {@code length} bytes of fields (after {@link #headRoom}). */
    public void headLength(int length) {
        headLength = length;
    }

    /** Sets the status code (a protocol that does not parse an HTTP/1.1 status line). */
    public void status(int code) {
        status = code;
    }

    /** Forgets the fields and releases the body, for the next response. */
    public void reset() {
        fieldCount = 0;
        release();
    }

    /** Records a field whose name and value lie at these offsets of the head array. */
    public void addField(int nameStart, int nameEnd, int valueStart, int valueEnd) {
        if (fieldCount * 4 == fields.length) {
            fields = java.util.Arrays.copyOf(fields, fields.length * 2);
        }
        int i = fieldCount++ * 4;
        fields[i] = nameStart;
        fields[i + 1] = nameEnd;
        fields[i + 2] = valueStart;
        fields[i + 3] = valueEnd;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public String header(CharSequence name) {
        int i = find(name, 0);
        return i < 0 ? null : value(i);
    }

    @Override
    public List<String> headers(CharSequence name) {
        List<String> out = new ArrayList<>(2);
        for (int i = find(name, 0); i >= 0; i = find(name, i + 1)) {
            out.add(value(i));
        }
        return out;
    }

    @Override
    public List<String> headerNames() {
        List<String> out = new ArrayList<>(fieldCount);
        for (int i = 0; i < fieldCount; i++) {
            out.add(new String(head, fields[i * 4], fields[i * 4 + 1] - fields[i * 4], StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    @Override
    public void forEachHeader(java.util.function.BiConsumer<String, String> action) {
        for (int i = 0; i < fieldCount; i++) {
            action.accept(new String(head, fields[i * 4], fields[i * 4 + 1] - fields[i * 4], StandardCharsets.ISO_8859_1),
                    value(i));
        }
    }

    /** Index of the first field named {@code name} at or after {@code from}, or -1. */
    int find(CharSequence name, int from) {
        for (int i = from; i < fieldCount; i++) {
            int start = fields[i * 4];
            int len = fields[i * 4 + 1] - start;
            if (len == name.length() && Ascii.equalsIgnoreCase(head, start, name)) {
                return i;
            }
        }
        return -1;
    }

    String value(int field) {
        int start = fields[field * 4 + 2];
        return new String(head, start, fields[field * 4 + 3] - start, StandardCharsets.ISO_8859_1);
    }
}
