package dev.pronto.examples.arena;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.BodyListener;
import dev.pronto.core.HttpException;
import dev.pronto.core.Request;
import dev.pronto.core.Routes;
import dev.pronto.core.annotation.Params;
import io.netty.buffer.ByteBuf;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** {@code /baseline11}, {@code /baseline2} (the HTTP/2 profiles' sum), {@code /pipeline} and {@code /upload}. */
final class BaselineRoutes implements Consumer<Routes> {
    @Override
    public void accept(Routes r) {
        r.get("/baseline11", ArenaDocs.BASELINE, (req, res) -> res.send(Long.toString(sum(req))))
                .post("/baseline11", ArenaDocs.BASELINE_POST, (req, res) -> res.send(Long.toString(sum(req) + number(req))))
                .get("/baseline2", ArenaDocs.BASELINE2, (req, res) -> res.send(Long.toString(sum(req))))
                .get("/pipeline", ArenaDocs.PIPELINE, (req, res) -> res.send("ok"))
                .post("/upload", ArenaDocs.UPLOAD.streamingBody(), (req, res) -> req.onBody(new BodyListener() {
                    private long bytes;

                    @Override
                    public void onChunk(ByteBuf chunk) {
                        bytes += chunk.readableBytes();
                    }

                    @Override
                    public void onEnd() {
                        res.send(Long.toString(bytes));
                    }
                }));
    }

    /** {@code a + b} of the query; a malformed one is a 400 naming it. */
    static long sum(Request req) {
        return intParam(req, "a") + intParam(req, "b");
    }

    /** A query integer, 0 when absent; a malformed one (empty included, as its document says) is a 400 naming it. */
    static long intParam(Request req, String name) {
        String v = req.query(name);
        return v == null ? 0 : Params.longValue(v, name, Params.QUERY);
    }

    private static long number(Request req) {
        String body = jsonTrim(req.body().toString(StandardCharsets.US_ASCII));
        try {
            return body.isEmpty() ? 0 : Long.parseLong(body);
        } catch (NumberFormatException e) {
            return integral(body);
        }
    }

    // Only JSON's whitespace around the number (RFC 8259 §2): String.trim would also drop NUL and the other controls.
    private static String jsonTrim(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && isJsonSpace(s.charAt(from))) {
            from++;
        }
        while (to > from && isJsonSpace(s.charAt(to - 1))) {
            to--;
        }
        return s.substring(from, to);
    }

    private static boolean isJsonSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    // The document calls the body a JSON integer, and to JSON Schema 118.0 and 1.18e2 are that integer too.
    private static long integral(String body) {
        try {
            return new BigDecimal(body).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new BadRequestException("body must be an integer, got '" + HttpException.excerpt(body) + "'");
        }
    }
}
