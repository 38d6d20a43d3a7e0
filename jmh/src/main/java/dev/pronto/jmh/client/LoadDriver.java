package dev.pronto.jmh.client;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.core.Transport;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicLong;

/** One client under test: sends a GET and reports completion to a {@link Slot}. */
abstract sealed class LoadDriver permits LoadDriver.Pronto, LoadDriver.Jdk, LoadDriver.VertxDriver {
    static final AtomicLong COMPLETED = new AtomicLong();
    static final AtomicLong ERRORS = new AtomicLong();
    static final AtomicLong STOP = new AtomicLong();

    /** Sends one request; {@code slot.done()} is called on completion. */
    abstract void fire(Slot slot);

    abstract void close();

    static LoadDriver of(String kind, String url, int inflight) {
        return switch (kind) {
            case "pronto" -> new Pronto(url, ClientConfig.builder().maxConnectionsPerHost(inflight).pipelineDepth(1));
            case "pronto-pipelined" -> new Pronto(url, ClientConfig.builder().maxConnectionsPerHost(inflight / 16)
                    .pipelineDepth(16));
            case "jdk" -> new Jdk(url);
            case "vertx" -> new VertxDriver(url, inflight, 1);
            case "vertx-pipelined" -> new VertxDriver(url, inflight / 16, 16);
            default -> throw new IllegalArgumentException("unknown client " + kind);
        };
    }

    /** One outstanding request: on completion it counts and sends the next. */
    static final class Slot implements ResponseListener {
        private final LoadDriver driver;

        Slot(LoadDriver driver) {
            this.driver = driver;
        }

        void done(Throwable failure) {
            if (failure != null) {
                ERRORS.incrementAndGet();
            }
            COMPLETED.incrementAndGet();
            if (STOP.get() == 0) {
                driver.fire(this);
            }
        }

        @Override
        public void complete(ClientResponse response, Throwable failure) {
            done(failure);
        }
    }

    /** Pronto's client on its zero-garbage path, one epoll loop, one reused request. */
    static final class Pronto extends LoadDriver {
        private final HttpClient client;
        private final ClientRequest request;

        Pronto(String url, ClientConfig.Builder config) {
            client = HttpClient.create(config.ioThreads(1).transport(Transport.EPOLL).build());
            request = ClientRequest.get(url);
        }

        @Override
        void fire(Slot slot) {
            client.send(request, slot);
        }

        @Override
        void close() {
            client.close();
        }
    }

    /** The JDK's HttpClient, HTTP/1.1, async. */
    static final class Jdk extends LoadDriver {
        private final java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder()
                .version(java.net.http.HttpClient.Version.HTTP_1_1).build();
        private final HttpRequest request;

        Jdk(String url) {
            request = HttpRequest.newBuilder(URI.create(url)).GET().build();
        }

        @Override
        void fire(Slot slot) {
            client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).whenComplete((r, e) -> slot.done(e));
        }

        @Override
        void close() {
            client.close();
        }
    }

    /** Vert.x's HttpClient on one event loop, native transport, optionally pipelining. */
    static final class VertxDriver extends LoadDriver {
        private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setPreferNativeTransport(true));
        private final HttpClientAgent client;
        private final int port;

        VertxDriver(String url, int connections, int depth) {
            HttpClientOptions options = new HttpClientOptions().setKeepAlive(true).setPipelining(depth > 1)
                    .setPipeliningLimit(Math.max(1, depth)).setTcpNoDelay(true);
            client = vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(connections)
                    .setMaxWaitQueueSize(-1));
            port = URI.create(url).getPort();
        }

        @Override
        void fire(Slot slot) {
            client.request(HttpMethod.GET, port, "127.0.0.1", "/plaintext")
                    .compose(req -> req.send().compose(resp -> resp.body()))
                    .onComplete(ar -> slot.done(ar.cause()));
        }

        @Override
        void close() {
            vertx.close();
        }
    }
}
