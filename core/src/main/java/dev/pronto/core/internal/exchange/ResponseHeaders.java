package dev.pronto.core.internal.exchange;

import dev.pronto.wire.Ascii;
import dev.pronto.wire.HeadBytes;
import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Header fields set by a handler, validated at the call and kept as immutable Strings (or Netty
 * AsciiStrings) until the head is encoded straight into the output buffer. Reused per exchange: no
 * allocation unless a response has more than 8 fields or a value is neither a String nor an AsciiString.
 */
public final class ResponseHeaders {
    private CharSequence[] names = new CharSequence[16];
    private int count;
    private CharSequence contentType;

    void clear() {
        // most responses set no field of their own: then nothing is stored, and the line stays shared
        if (count != 0) {
            Arrays.fill(names, 0, count * 2, null);
            count = 0;
        }
        if (contentType != null) {
            contentType = null;
        }
    }

    void add(CharSequence name, CharSequence value) {
        name = HeaderValidation.name(name);
        value = HeaderValidation.value(name, value);
        if (Ascii.equalsIgnoreCase(name, "Content-Type")) {
            contentType = value;
            return;
        }
        if (Ascii.equalsIgnoreCase(name, "Content-Length") || Ascii.equalsIgnoreCase(name, "Transfer-Encoding")) {
            throw new IllegalArgumentException(name + " is set by the server; do not set it from a handler");
        }
        if (count * 2 == names.length) {
            names = Arrays.copyOf(names, names.length * 2);
        }
        names[count * 2] = name;
        names[count * 2 + 1] = value;
        count++;
    }

    /** Appends a field the server itself validated once (Alt-Svc): no per-response checks. */
    void addValidated(CharSequence name, CharSequence value) {
        if (count * 2 == names.length) {
            names = Arrays.copyOf(names, names.length * 2);
        }
        names[count * 2] = name;
        names[count * 2 + 1] = value;
        count++;
    }

    boolean has(String name) {
        for (int i = 0; i < count * 2; i += 2) {
            if (Ascii.equalsIgnoreCase(names[i], name)) {
                return true;
            }
        }
        return false;
    }

    public void contentType(CharSequence value) {
        contentType = HeaderValidation.value("Content-Type", value);
    }

    public CharSequence contentType() {
        return contentType;
    }

    /** Number of fields besides Content-Type. */
    public int count() {
        return count;
    }

    public CharSequence name(int i) {
        return names[i * 2];
    }

    public CharSequence value(int i) {
        return names[i * 2 + 1];
    }

    /** Writes every field as {@code name: value\r\n}; Content-Type too when one is set or {@code defaultType} is not null. */
    public void encode(HeadBytes out, CharSequence defaultType) {
        CharSequence type = contentType != null ? contentType : defaultType;
        byte[] known = knownTypeLine(type);
        if (known != null) {
            out.bytes(known);
        } else if (type != null) {
            out.bytes(CONTENT_TYPE);
            out.text(type);
            out.pair(CRLF_SHORT);
        }
        for (int i = 0; i < count * 2; i += 2) {
            out.text(names[i]);
            out.pair(COLON_SP);
            out.text(names[i + 1]);
            out.pair(CRLF_SHORT);
        }
    }

    public int estimate() {
        int n = contentType != null ? contentType.length() + 16 : 48;
        for (int i = 0; i < count * 2; i++) {
            n += names[i].length() + 2;
        }
        return n;
    }

    // The server's own default types, whole lines encoded once: most responses carry one of them.
    private static byte[] knownTypeLine(CharSequence type) {
        return type == ServerResponse.TEXT ? TEXT_LINE
                : type == ServerResponse.JSON ? JSON_LINE
                : type == ServerResponse.BYTES ? BYTES_LINE : null;
    }

    private static byte[] typeLine(String type) {
        return Ascii.bytes("Content-Type: " + type + "\r\n");
    }

    private static final byte[] CONTENT_TYPE = Ascii.bytes("Content-Type: ");
    private static final byte[] TEXT_LINE = typeLine(ServerResponse.TEXT);
    private static final byte[] JSON_LINE = typeLine(ServerResponse.JSON);
    private static final byte[] BYTES_LINE = typeLine(ServerResponse.BYTES);
    public static final int CRLF_SHORT = ('\r' << 8) | '\n';
    private static final int COLON_SP = (':' << 8) | ' ';
}
