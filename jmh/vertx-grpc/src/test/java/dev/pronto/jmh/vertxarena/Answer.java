package dev.pronto.jmh.vertxarena;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** A whole response read by a Vert.x client, awaited from the test thread (at most 10 s). */
record Answer(int status, HttpVersion version, MultiMap headers, Buffer body, MultiMap trailers) {
    /** GET {@code path} on {@code port} with {@code headers}. */
    static Answer get(HttpClient client, int port, String path, Map<String, String> headers) {
        RequestOptions options = new RequestOptions().setPort(port).setURI(path);
        headers.forEach(options::putHeader);
        return send(client, options, HttpClientRequest::send);
    }

    /**
     * Opens a request with {@code options}, sends it with {@code sender} and reads the whole answer. The body is asked
     * for inside the request's callback, which runs on the client's context: a Vert.x client response hands its body
     * to whatever handler is set when the body arrives. Chained from this (test) thread instead, the step that calls
     * {@code body()} could be added after the response had completed, run as a task queued behind the body and its
     * end, and wait for a body already gone: "no answer within 10 s" in CI (vert.x issues 4106 and 5904).
     */
    static Answer send(HttpClient client, RequestOptions options,
                       Function<HttpClientRequest, Future<HttpClientResponse>> sender) {
        return await(client.request(options)
                .compose(req -> sender.apply(req).compose(res -> res.body().map(b -> of(res, b)))));
    }

    /** The result of {@code future}, failing the test after 10 s. */
    static <T> T await(Future<T> future) {
        try {
            return future.await(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no answer within 10 s", e);
        }
    }

    private static Answer of(HttpClientResponse res, Buffer body) {
        return new Answer(res.statusCode(), res.version(), res.headers(), body, res.trailers());
    }

    /** The header {@code name}, or null. */
    String header(String name) {
        return headers.get(name);
    }
}
