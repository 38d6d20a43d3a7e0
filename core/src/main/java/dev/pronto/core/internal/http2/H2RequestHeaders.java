package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.HeaderList;
import dev.pronto.core.internal.exchange.PseudoHeaderHead;
import dev.pronto.wire.Ascii;
import io.netty.handler.codec.EmptyHeaders;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The decoded header block of one inbound HEADERS frame, as flat arrays in arrival order. Netty's
 * {@code DefaultHttp2Headers} hashes, links and re-validates every field; a request is read once,
 * in order, by {@code PseudoHeaderHead}, so one instance per connection is cleared and refilled for each
 * block ({@link H2HeadersDecoder}). It keeps the checks Netty's validating headers make on add
 * (field names non-empty, lower-case tokens, known and non-repeated pseudo-header fields) and adds
 * the value rules of RFC 9113 §8.2.1 (no NUL, CR or LF; no SP or HTAB at either end), for requests
 * and trailers alike; the HPACK decoder turns a failed check into a stream error (PROTOCOL_ERROR).
 *
 * <p>Only what Netty's connection decoder reads is answered ({@code add}, {@code size}, lookups,
 * {@code getAll}/{@code setLong} of content-length, pseudo-header getters, iteration); the rest of
 * the {@code Headers} interface answers as empty headers. Event loop only; valid until the next
 * header block of the connection.
 */
final class H2RequestHeaders extends EmptyHeaders<CharSequence, CharSequence, Http2Headers>
        implements Http2Headers, HeaderList {
    private CharSequence[] names = new CharSequence[16];
    private CharSequence[] values = new CharSequence[16];
    private int size;

    /** A copy of {@code headers} (the h2c upgrade builds its request that way). */
    static H2RequestHeaders copyOf(Http2Headers headers) {
        H2RequestHeaders copy = new H2RequestHeaders();
        for (Map.Entry<CharSequence, CharSequence> field : headers) {
            copy.add(field.getKey(), field.getValue());
        }
        return copy;
    }

    /** Empties the block for the next one, dropping references to the previous values. */
    H2RequestHeaders reset() {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
        return this;
    }

    @Override
    public CharSequence name(int i) {
        return names[i];
    }

    @Override
    public CharSequence value(int i) {
        return values[i];
    }

    @Override
    public Http2Headers add(CharSequence name, CharSequence value) {
        validate(name);
        if (!PseudoHeaderHead.validValue(value)) {
            // RFC 9113 §8.2.1: a malformed request, never handed on (an HTTP/1.1 hop would split on it)
            throw new IllegalArgumentException("invalid header value: NUL, CR, LF, or SP/HTAB at either end");
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size++] = value;
        return this;
    }

    private void validate(CharSequence name) {
        int n = name.length();
        if (n == 0) {
            throw new IllegalArgumentException("empty header name");
        }
        if (name.charAt(0) == ':') {
            if (!PseudoHeaderName.isPseudoHeader(name)) {
                throw new IllegalArgumentException("unknown pseudo-header");
            }
            if (index(name) >= 0) {
                throw new IllegalArgumentException("duplicate pseudo-header");
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (c > 0x7F || (c >= 'A' && c <= 'Z') || !Ascii.isTchar((byte) c)) {
                throw new IllegalArgumentException("invalid header name");
            }
        }
    }

    private int index(CharSequence name) {
        for (int i = 0; i < size; i++) {
            if (AsciiString.contentEquals(names[i], name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public CharSequence get(CharSequence name) {
        int i = index(name);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean contains(CharSequence name) {
        return index(name) >= 0;
    }

    @Override
    public boolean contains(CharSequence name, CharSequence value, boolean caseInsensitive) {
        for (int i = 0; i < size; i++) {
            if (AsciiString.contentEquals(names[i], name)
                    && (caseInsensitive ? AsciiString.contentEqualsIgnoreCase(values[i], value)
                            : AsciiString.contentEquals(values[i], value))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public List<CharSequence> getAll(CharSequence name) {
        List<CharSequence> all = null;
        for (int i = 0; i < size; i++) {
            if (AsciiString.contentEquals(names[i], name)) {
                if (all == null) {
                    all = new ArrayList<>(2);
                }
                all.add(values[i]);
            }
        }
        return all == null ? Collections.emptyList() : all;
    }

    /** Replaces every field named {@code name} by one with {@code value} (normalised content-length). */
    @Override
    public Http2Headers setLong(CharSequence name, long value) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (!AsciiString.contentEquals(names[i], name)) {
                names[kept] = names[i];
                values[kept++] = values[i];
            }
        }
        Arrays.fill(names, kept, size, null);
        Arrays.fill(values, kept, size, null);
        size = kept;
        return add(name, AsciiString.of(Long.toString(value)));
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public Iterator<Map.Entry<CharSequence, CharSequence>> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public Map.Entry<CharSequence, CharSequence> next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                int i = next++;
                return new AbstractMap.SimpleImmutableEntry<>(names[i], values[i]);
            }
        };
    }

    @Override
    public Iterator<CharSequence> valueIterator(CharSequence name) {
        return getAll(name).iterator();
    }

    @Override
    public CharSequence method() {
        return get(PseudoHeaderName.METHOD.value());
    }

    @Override
    public CharSequence scheme() {
        return get(PseudoHeaderName.SCHEME.value());
    }

    @Override
    public CharSequence authority() {
        return get(PseudoHeaderName.AUTHORITY.value());
    }

    @Override
    public CharSequence path() {
        return get(PseudoHeaderName.PATH.value());
    }

    @Override
    public CharSequence status() {
        return get(PseudoHeaderName.STATUS.value());
    }

    @Override
    public Http2Headers method(CharSequence value) {
        return add(PseudoHeaderName.METHOD.value(), value);
    }

    @Override
    public Http2Headers scheme(CharSequence value) {
        return add(PseudoHeaderName.SCHEME.value(), value);
    }

    @Override
    public Http2Headers authority(CharSequence value) {
        return add(PseudoHeaderName.AUTHORITY.value(), value);
    }

    @Override
    public Http2Headers path(CharSequence value) {
        return add(PseudoHeaderName.PATH.value(), value);
    }

    @Override
    public Http2Headers status(CharSequence value) {
        return add(PseudoHeaderName.STATUS.value(), value);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("H2RequestHeaders[");
        for (int i = 0; i < size; i++) {
            s.append(i == 0 ? "" : ", ").append(names[i]).append(": ").append(values[i]);
        }
        return s.append(']').toString();
    }
}
