package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.exchange.HeaderList;
import dev.pronto.core.internal.exchange.PseudoHeaderHead;
import io.netty.handler.codec.http3.Http3Headers;
import java.util.Arrays;
import java.util.Map;

/**
 * A request's decoded QPACK field section as the flat, pseudo-header-first list {@link PseudoHeaderHead}
 * reads. One per connection, refilled for each request (event loop only); holds no reference once cleared.
 */
final class H3Fields implements HeaderList {
    private CharSequence[] names = new CharSequence[16];
    private CharSequence[] values = new CharSequence[16];
    private int size;

    /**
     * Refills the list from {@code headers}, pseudo-header fields first.
     *
     * @return false when the request is malformed by RFC 9114 §4.2 and §4.3.1 ({@link H3FieldRules})
     */
    boolean fill(Http3Headers headers) {
        clear();
        boolean valid = true;
        for (int pass = 0; pass < 2; pass++) {
            for (Map.Entry<CharSequence, CharSequence> field : headers) {
                CharSequence name = field.getKey();
                boolean pseudo = name.length() > 0 && name.charAt(0) == ':';
                if (pseudo == (pass == 0)) {
                    valid &= H3FieldRules.valid(name, field.getValue(), pseudo);
                    add(name, field.getValue());
                }
            }
        }
        return valid;
    }

    void clear() {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    private void add(CharSequence name, CharSequence value) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size++] = value;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public CharSequence name(int i) {
        return names[i];
    }

    @Override
    public CharSequence value(int i) {
        return values[i];
    }
}
