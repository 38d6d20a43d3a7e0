package dev.pronto.core.internal.exchange;

/**
 * A decoded request field section in arrival order, pseudo-header fields ({@code :method}, {@code :path},
 * ...) first, as HTTP/2's HPACK and HTTP/3's QPACK decoders produce it: what {@link PseudoHeaderHead} reads.
 * Names are lower-case. Event loop only; valid until the carrier decodes its next field section.
 */
public interface HeaderList {
    /** How many fields there are. */
    int size();

    /** The name of field {@code i}. */
    CharSequence name(int i);

    /** The value of field {@code i}. */
    CharSequence value(int i);
}
