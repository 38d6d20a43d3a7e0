package dev.pronto.core.internal.exchange;

/**
 * The lifecycle of an {@link Exchange}, in one place. An exchange's state and generation share one
 * int (its stamp: generation in the high bits, state in the low three), changed by compare-and-set
 * wherever two threads may race (elsewhere by release stores), so a thread holding a stale handle (a
 * kept {@code Response}, a late callback) can never act on the request that reuses the pooled
 * exchange: its generation no longer matches.
 *
 * <pre>
 *   RECEIVED ──dispatch──▶ DISPATCHED ──first send wins (CAS, any thread)──▶ RESPONDING
 *      │                      │                                                 │
 *      │                      └──────────── carrier closed ───────────┐         │ carrier took the
 *      │                                                              ▼         ▼ whole response
 *      └───────── carrier closed / framing error ──────────────▶ ABORTED    COMPLETE
 *                                                                     │         │
 *                      recycle (event loop; only once the dispatcher  └────┬────┘
 *                      has let go): generation + 1, back to RECEIVED ◀─────┘
 * </pre>
 *
 * <ul>
 *   <li><b>RECEIVED</b>: the head is parsed; an aggregated body may still be arriving. Only the
 *       event loop touches the exchange.</li>
 *   <li><b>DISPATCHED</b>: hooks and the handler run (event loop or a virtual thread). Whoever runs
 *       the chain owns status, headers and attributes. A streamed request body ("body streaming")
 *       is orthogonal: it may still arrive here and in RESPONDING, fed by the decoder.</li>
 *   <li><b>RESPONDING</b>: exactly one sender won; it encodes the response and hands it to the
 *       carrier, which moves it onto the event loop. A second send fails with
 *       {@code IllegalStateException}. Streamed responses stay here until their writer ends.</li>
 *   <li><b>COMPLETE</b>: the carrier has the whole response (written, or held in request order).</li>
 *   <li><b>ABORTED</b>: no (further) response will be written: the connection closed, or an error
 *       came after the head had gone out. Only the carrier's event loop aborts (any other thread asks
 *       it to, through {@code ExchangePool.abortAnyThread}), so in RESPONDING nothing but that loop
 *       writes the stamp, and COMPLETE is stored there without a compare-and-set.</li>
 * </ul>
 * The dispatcher holds an exchange while its chain runs (see {@code Exchange.dispatching}); a
 * COMPLETE or ABORTED exchange is recycled only after that hold is released, so a blocking handler
 * that returns after its response left never reads a reused exchange.
 *
 * <p><b>The per-generation fields</b> of {@link Exchange} are private to this package; every one is
 * cleared by recycle. Who changes them, and when:
 * <ul>
 *   <li>The carrier, on its event loop, in RECEIVED (before {@code Dispatch.run}): the request body
 *       ({@code body(ByteBuf)}, or {@code stream(StreamingBody)} for a streaming route; {@code takeBody()}
 *       hands it to an h2c upgrade), when the head arrived ({@code received}), the root scope for a request
 *       answered before routing ({@code atRootScope}). {@code closeAfterResponse()} may be called in any
 *       state up to the head's encoding; it only ever turns on within a generation.</li>
 *   <li>The dispatcher ({@code Dispatch}, this package): the scope ({@code life}), route, outcome, timing,
 *       attributes and the async request, while it holds the exchange.</li>
 *   <li>{@link ExchangePool} only: the holds, the {@code maxInFlight} count ({@code admitInFlight} in
 *       dispatch, released once the response is written or handed over, or when it is finished), and
 *       {@code bytesOut} of a whole response ({@code startWrite}); a carrier sets {@code bytesOut} itself
 *       only for what it frames on its own (a streamed response: -1).</li>
 * </ul>
 */
public final class ExchangeState {
    public static final int RECEIVED = 0;
    public static final int DISPATCHED = 1;
    public static final int RESPONDING = 2;
    static final int COMPLETE = 3;
    public static final int ABORTED = 4;
    private static final int BITS = 3;
    private static final int MASK = (1 << BITS) - 1;

    private ExchangeState() {
    }

    static int state(int stamp) {
        return stamp & MASK;
    }

    public static int generation(int stamp) {
        return stamp >>> BITS;
    }

    static int stamp(int generation, int state) {
        return (generation << BITS) | state;
    }

    /** Whether nobody has answered yet: a send may still win. */
    public static boolean open(int state) {
        return state == RECEIVED || state == DISPATCHED;
    }

    /** Whether the response is settled (written, held in order, or given up). */
    static boolean settled(int state) {
        return state == COMPLETE || state == ABORTED;
    }

    static String name(int state) {
        return switch (state) {
            case RECEIVED -> "RECEIVED";
            case DISPATCHED -> "DISPATCHED";
            case RESPONDING -> "RESPONDING";
            case COMPLETE -> "COMPLETE";
            default -> "ABORTED";
        };
    }
}
