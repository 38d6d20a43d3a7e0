package dev.pronto.core.internal.exchange;

import dev.pronto.core.HttpException;
import java.util.concurrent.TimeUnit;

/**
 * The caller's deadline: a request carrying {@code Request-Timeout: <milliseconds>} (what
 * pronto's {@code ContractClient} sends) is answered 504 once that time has passed since its
 * dispatch, if nobody answered it first. A value at or above the response timeout changes nothing
 * (that timeout comes first); a value that is not a plain decimal number is a 400.
 *
 * <p>Why 504 and not the 503 of the response timeout: the caller's own deadline passed, which is
 * gRPC's DEADLINE_EXCEEDED, mapped to HTTP 504 by the gRPC/HTTP mapping (and by Armeria's and
 * grpc-gateway's); 503 means UNAVAILABLE, which clients retry, while a call past its deadline must
 * not be retried.
 *
 * <p>Cost: without the header, one length comparison per field as the head is parsed
 * ({@link RequestHead#deadlineField}) and nothing else (no task, no allocation); with it, one task
 * scheduled on the connection's loop, cancelled when the exchange is recycled.
 */
final class RequestDeadline {
    static final String HEADER = "request-timeout";
    static final String EXPIRED = "Gateway Timeout: the caller's deadline (Request-Timeout) passed";
    private static final HttpException MALFORMED =
            new HttpException(400, "Bad Request: Request-Timeout must be a number of milliseconds");
    /** More digits than this is far beyond any response timeout: treated as no deadline. */
    private static final int MAX_DIGITS = 12;

    private RequestDeadline() {
    }

    /**
     * Arms {@code e}'s deadline if it sent one; false when it was answered instead (an expired one).
     * Event loop.
     *
     * @throws HttpException 400 for a malformed value
     */
    static boolean arm(Exchange e) {
        RequestHead head = e.head;
        int field = head.deadlineField;
        if (field < 0) {
            return true;
        }
        long millis = millis(head, field);
        long nanos = e.server.config().responseTimeout().toNanos();
        if (millis >= TimeUnit.NANOSECONDS.toMillis(nanos)) {
            return true;
        }
        if (millis == 0) {
            return !expire(e);
        }
        long delay = TimeUnit.MILLISECONDS.toNanos(millis);
        e.deadlineNanos = e.carrier.eventLoop().ticker().nanoTime() + delay;
        int gen = e.handle.generation();
        e.deadlineTask = e.carrier.eventLoop().schedule(() -> {
            if (e.handle.generation() == gen && ExchangeState.open(e.state())) {
                expire(e);
            }
        }, delay, TimeUnit.NANOSECONDS);
        return true;
    }

    /** The value of header {@code field} in milliseconds; Long.MAX_VALUE for a huge one. */
    private static long millis(RequestHead head, int field) {
        byte[] b = head.bytes;
        int from = head.fields[field * 4 + 2];
        int to = head.fields[field * 4 + 3];
        if (from == to) {
            throw MALFORMED;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw MALFORMED;
            }
            if (i - from >= MAX_DIGITS) {
                value = Long.MAX_VALUE;
            } else {
                value = value * 10 + d;
            }
        }
        return value;
    }

    /** 504, a body still arriving failed, and the handler told through its cancel action. */
    private static boolean expire(Exchange e) {
        if (e.stream != null) {
            e.closeAfter = true;
            e.stream.fail(new java.io.IOException(EXPIRED));
        }
        // taken first: the 504 may complete and recycle the exchange, which drops the action
        Runnable cancel = e.takeCancel();
        boolean answered = Errors.answerByServer(e, 504, EXPIRED);
        if (cancel != null && (answered || e.state() == ExchangeState.ABORTED)) {
            try {
                cancel.run();
            } catch (RuntimeException ignored) {
                // the answer stands; a failing cancel action must not break the loop's task
            }
        }
        return answered;
    }
}
