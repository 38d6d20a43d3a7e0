package dev.pronto.client.http;

import dev.pronto.client.http.internal.contract.ContractAttempts;
import dev.pronto.client.http.internal.contract.ContractCalls;
import dev.pronto.client.http.internal.contract.ContractAnswers;
import dev.pronto.client.http.internal.contract.GenericType;
import java.lang.reflect.Type;
import dev.pronto.client.http.internal.UriText;
import dev.pronto.core.JsonCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What the clients that {@code pronto-processor} generates from a contract interface
 * ({@code <Interface>$Client}) call: URI building with percent-encoding, headers, bodies encoded
 * by the same {@link JsonCodec} as the server's, and responses decoded, or turned into a
 * {@link ProblemException} when their status is not 2xx. Generated code is its intended user.
 *
 * <p>Threading: immutable and safe from any thread. Stages complete on the {@link Client}'s
 * event loops, which decode the body there; {@link #callBlocking} is for virtual threads.
 */
public final class ContractClient {
    private final Client http;
    private final String base;
    private final JsonCodec json;
    private final ContractConfig config;
    private final boolean plain;
    private final Consumer<BiConsumer<String, String>> headers;
    private final ContractObserver observer;

    private ContractClient(Client http, String base, JsonCodec json, ContractConfig config) {
        this.http = http;
        this.base = base;
        this.json = json;
        this.config = config;
        this.plain = config.timeout() == null && config.retries() == 0;
        this.headers = null;
        this.observer = null;
    }

    private ContractClient(ContractClient from, ContractConfig config, Consumer<BiConsumer<String, String>> headers,
            ContractObserver observer) {
        this.http = from.http;
        this.base = from.base;
        this.json = from.json;
        this.config = config;
        this.plain = config.timeout() == null && config.retries() == 0;
        this.headers = headers;
        this.observer = observer;
    }

    /**
     * A contract client calling {@code baseUri} through {@code http}.
     *
     * @param baseUri an absolute http(s) URI without query, e.g. {@code http://items:8080} or
     *        {@code http://gateway/v1}; the routes' paths are appended to it
     * @param json the codec of the JSON bodies, e.g. {@code ProntoJson.create(...)}
     * @param config deadline and retries, e.g. {@link ContractConfig#defaults()}
     * @throws IllegalArgumentException if {@code baseUri} is not absolute http(s) or has a query
     */
    public static ContractClient of(Client http, String baseUri, JsonCodec json, ContractConfig config) {
        Objects.requireNonNull(baseUri, "baseUri");
        if (!baseUri.startsWith("http://") && !baseUri.startsWith("https://") || baseUri.indexOf('?') >= 0
                || baseUri.indexOf('#') >= 0) {
            throw new IllegalArgumentException("baseUri must be an absolute http(s) URI without query, got " + baseUri);
        }
        ClientRequest.get(baseUri + "/");
        String trimmed = baseUri.endsWith("/") ? baseUri.substring(0, baseUri.length() - 1) : baseUri;
        return new ContractClient(Objects.requireNonNull(http, "http"), trimmed, Objects.requireNonNull(json, "json"),
                Objects.requireNonNull(config, "config"));
    }

    /**
     * This client with another deadline and retries, e.g. for the calls that need a shorter
     * deadline: {@code new Items$Client(contract.with(ContractConfig.builder().timeout(ms200).build()))}.
     */
    public ContractClient with(ContractConfig other) {
        return new ContractClient(this, Objects.requireNonNull(other, "other"), headers, observer);
    }

    /**
     * This client with every call watched by {@code observer} (replacing any earlier one), e.g.
     * {@code contract.observed(ContractTracing.create(openTelemetry))} with pronto-opentelemetry, so
     * each call gets a client span and the callee joins the trace. Without an observer a call costs
     * nothing extra.
     */
    public ContractClient observed(ContractObserver observer) {
        return new ContractClient(this, config, headers, Objects.requireNonNull(observer, "observer"));
    }

    /**
     * This client adding, to every call, the headers {@code headers} writes (after those of this
     * client). For context that belongs to the request being handled, a client per request. For
     * traces, prefer {@link #observed} with pronto-opentelemetry's {@code ContractTracing}, which
     * also records a client span.
     *
     * @param headers called on the calling thread, once per call, with a sink of name and value
     */
    public ContractClient headers(Consumer<BiConsumer<String, String>> headers) {
        Objects.requireNonNull(headers, "headers");
        Consumer<BiConsumer<String, String>> before = this.headers;
        return new ContractClient(this, config, before == null ? headers : h -> {
            before.accept(h);
            headers.accept(h);
        }, observer);
    }

    /** A new URI under construction: the base URI, to which the route's path is appended. */
    public StringBuilder uri() {
        return new StringBuilder(base.length() + 48).append(base);
    }

    /** Appends {@code value} as one path segment, percent-encoded ({@code /} included). */
    public static void segment(StringBuilder uri, Object value) {
        UriText.path(uri, String.valueOf(Objects.requireNonNull(value, "path parameter")), "");
    }

    /** Appends integral {@code value} as one path segment: its digits, without a string in between. */
    public static void segment(StringBuilder uri, long value) {
        uri.append(value);
    }

    /** Appends query parameter {@code name} with integral {@code value}, without boxing it. */
    public static void query(StringBuilder uri, String name, long value) {
        uri.append(uri.indexOf("?") < 0 ? '?' : '&');
        UriText.query(uri, name);
        uri.append('=').append(value);
    }

    /** Appends {@code value} as the rest of the path ({@code {*name}}): encoded, but {@code /} kept. */
    public static void rest(StringBuilder uri, Object value) {
        UriText.path(uri, String.valueOf(Objects.requireNonNull(value, "path parameter")), "/");
    }

    /**
     * Appends query parameter {@code name}: nothing for null or an empty {@code Optional}, once per
     * element of an {@code Iterable}, else once with {@code String.valueOf(value)}.
     */
    public static void query(StringBuilder uri, String name, Object value) {
        if (value instanceof Optional<?> optional) {
            optional.ifPresent(v -> query(uri, name, v));
        } else if (value instanceof Iterable<?> values) {
            values.forEach(v -> query(uri, name, v));
        } else if (value != null) {
            uri.append(uri.indexOf("?") < 0 ? '?' : '&');
            UriText.query(uri, name);
            uri.append('=');
            UriText.query(uri, String.valueOf(value));
        }
    }

    /** A request builder for {@code method} and the finished {@code uri}. */
    public ClientRequest.Builder request(String method, StringBuilder uri) {
        ClientRequest.Builder b = ClientRequest.builder().method(method).uri(uri.toString());
        if (headers != null) {
            headers.accept(b::header);
        }
        return b;
    }

    /** Adds header {@code name}, with the same rules for null, {@code Optional} and {@code Iterable} as {@link #query}. */
    public static void header(ClientRequest.Builder request, String name, Object value) {
        if (value instanceof Optional<?> optional) {
            optional.ifPresent(v -> header(request, name, v));
        } else if (value instanceof Iterable<?> values) {
            values.forEach(v -> header(request, name, v));
        } else if (value != null) {
            request.header(name, String.valueOf(value));
        }
    }

    /**
     * Sets the body: a {@code String} as UTF-8 text, a {@code byte[]} as octets, a {@link FormBody} as its
     * url-encoded or multipart form (a file upload), anything else as JSON. Returns the buffer to hand to
     * {@link #call} (which releases it), or null.
     */
    public ByteBuf body(ClientRequest.Builder request, Object value) {
        Objects.requireNonNull(value, "body");
        if (value instanceof FormBody form) {
            request.body(form);
            return null;
        }
        if (value instanceof String text) {
            request.header("Content-Type", "text/plain; charset=utf-8").body(text);
            return null;
        }
        if (value instanceof byte[] bytes) {
            request.header("Content-Type", "application/octet-stream").body(bytes);
            return null;
        }
        ByteBuf buffer = Unpooled.buffer(256);
        try {
            json.write(value, buffer);
        } catch (RuntimeException e) {
            buffer.release();
            throw e;
        }
        request.header("Content-Type", "application/json").body(buffer);
        return buffer;
    }

    /**
     * Sends the request and decodes a 2xx answer as {@code type}: {@code Void} (nothing),
     * {@code String}, {@code byte[]}, else JSON (null for an empty body). Any other status fails
     * the stage with a {@link ProblemException}; an undecodable body with a
     * {@link MalformedResponseException}; the transport with another {@link ClientException}.
     * With a {@link ContractConfig#timeout()}, the deadline is sent as {@value ContractConfig#DEADLINE_HEADER}
     * and covers every attempt; idempotent calls are retried as {@link ContractConfig} says.
     *
     * @param body the buffer {@link #body} returned, released once the call is over; or null
     */
    public <T> CompletionStage<T> call(ClientRequest.Builder request, ByteBuf body, Class<T> type) {
        return send(request, body, type);
    }

    private <T> CompletionStage<T> send(ClientRequest.Builder request, ByteBuf body, Type type) {
        ClientRequest built;
        try {
            built = request.build();
        } catch (RuntimeException e) {
            if (body != null) {
                body.release();
            }
            throw e;
        }
        if (observer != null) {
            return ContractCalls.observed(observer, built, body, (sent, seen) -> dispatch(sent, type, seen));
        }
        CompletionStage<T> result = dispatch(built, type, null);
        if (body != null) {
            result.whenComplete((r, e) -> body.release());
        }
        return result;
    }

    private <T> CompletionStage<T> dispatch(ClientRequest built, Type type, ContractObserver.Call seen) {
        return plain ? attempt(built, type, seen) : ContractAttempts.run(built, config, r -> attempt(r, type, seen));
    }

    /**
     * {@link #call(ClientRequest.Builder, ByteBuf, Class)} for a generic result such as
     * {@code List<Item>}, decoded as JSON; {@code type} is a {@link #type} constant.
     */
    public <T> CompletionStage<T> call(ClientRequest.Builder request, ByteBuf body, Type type) {
        return send(request, body, type);
    }

    /** {@link #callBlocking(ClientRequest.Builder, ByteBuf, Class)} for a generic result. */
    public <T> T callBlocking(ClientRequest.Builder request, ByteBuf body, Type type) {
        return await(request, body, type);
    }

    /**
     * The parameterized type {@code raw<arguments>}, e.g. {@code type(List.class, Item.class)}: what
     * generated clients keep in a constant for a generic result.
     */
    public static Type type(Class<?> raw, Type... arguments) {
        return new GenericType(raw, arguments);
    }

    private <T> CompletionStage<T> attempt(ClientRequest request, Type type, ContractObserver.Call seen) {
        if (seen == null) {
            return http.send(request).thenApply(r -> ContractAnswers.decode(request, r, type, json));
        }
        return http.send(request).thenApply(r -> {
            seen.response(r.status());
            return ContractAnswers.decode(request, r, type, json);
        });
    }

    /**
     * {@link #call} and wait: the blocking form of a generated method, for virtual threads.
     * Rethrows the failure as it is (a {@link ClientException} subclass, e.g. {@link ProblemException}).
     *
     * @throws IllegalStateException when called on one of the client's event loops, which would
     *         deadlock; nothing is sent then
     */
    public <T> T callBlocking(ClientRequest.Builder request, ByteBuf body, Class<T> type) {
        return await(request, body, type);
    }

    private <T> T await(ClientRequest.Builder request, ByteBuf body, Type type) {
        if (http.onEventLoop()) {
            if (body != null) {
                body.release();
            }
            throw new IllegalStateException("a blocking contract call on an event loop of the client; "
                    + "declare the method with a CompletionStage result");
        }
        try {
            return this.<T>send(request, body, type).toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException("interrupted while waiting for a contract call", e);
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause() instanceof CompletionException c && c.getCause() != null ? c.getCause() : e.getCause();
            throw cause instanceof RuntimeException r ? r : new ClientException(String.valueOf(cause), cause);
        }
    }
}
