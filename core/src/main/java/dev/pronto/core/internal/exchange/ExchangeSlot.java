package dev.pronto.core.internal.exchange;

/**
 * The protocol state a carrier keeps on each of its exchanges (HTTP/1.1's place in the response
 * order, HTTP/2's stream id, teleport's message id), so {@link Exchange} itself holds nothing
 * protocol-specific. Made once per pooled exchange by the carrier's factory (see {@link ExchangePool}),
 * never per request; read and written by the carrier on its event loop only.
 */
public interface ExchangeSlot {
    /**
     * Frees what the slot holds (e.g. responses queued behind another) and clears it for the next
     * request: called whenever the exchange is recycled or freed. Event loop.
     */
    void clear();
}
