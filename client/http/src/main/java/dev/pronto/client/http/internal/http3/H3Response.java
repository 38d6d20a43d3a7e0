package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.internal.BodyResponse;
import io.netty.handler.codec.http3.Http3Headers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An HTTP/3 response: status, fields and trailers as received (pseudo-fields left out), and the body,
 * which the response owns and releases on {@link #close()} (or after the listener, when pooled).
 */
final class H3Response extends BodyResponse {
    private final int status;
    private final List<String> fields;
    private List<String> trailers = List.of();
    /** Set while a listener holds the response: its close() is then a no-op, the exchange releases it after. */
    boolean pooled;

    H3Response(int status, Http3Headers head) {
        this.status = status;
        this.fields = regular(head);
    }

    @Override
    protected boolean heldByListener() {
        return pooled;
    }

    void trailers(Http3Headers h) {
        trailers = regular(h);
    }

    /** Names and values, alternating, without pseudo-fields. */
    private static List<String> regular(Http3Headers h) {
        List<String> out = new ArrayList<>(h.size() * 2);
        for (Map.Entry<CharSequence, CharSequence> e : h) {
            CharSequence name = e.getKey();
            if (!name.isEmpty() && name.charAt(0) != ':') {
                out.add(name.toString());
                out.add(e.getValue().toString());
            }
        }
        return out;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public String header(CharSequence name) {
        return first(fields, name);
    }

    @Override
    public String trailer(CharSequence name) {
        return first(trailers, name);
    }

    private static String first(List<String> list, CharSequence name) {
        for (int i = 0; i < list.size(); i += 2) {
            if (list.get(i).equalsIgnoreCase(name.toString())) {
                return list.get(i + 1);
            }
        }
        return null;
    }

    @Override
    public List<String> headers(CharSequence name) {
        List<String> out = new ArrayList<>(2);
        String n = name.toString();
        for (int i = 0; i < fields.size(); i += 2) {
            if (fields.get(i).equalsIgnoreCase(n)) {
                out.add(fields.get(i + 1));
            }
        }
        return out;
    }

    @Override
    public List<String> headerNames() {
        List<String> out = new ArrayList<>(fields.size() / 2);
        for (int i = 0; i < fields.size(); i += 2) {
            out.add(fields.get(i));
        }
        return out;
    }

    @Override
    public void forEachHeader(java.util.function.BiConsumer<String, String> action) {
        for (int i = 0; i < fields.size(); i += 2) {
            action.accept(fields.get(i), fields.get(i + 1));
        }
    }

    @Override
    public String toString() {
        return "ClientResponse[" + status + ", " + body().readableBytes() + " body bytes, HTTP/3]";
    }
}
