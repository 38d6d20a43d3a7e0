package dev.pronto.proxy.internal;

import dev.pronto.client.http.Client;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.TeleportClient;
import dev.pronto.client.http.TeleportConfig;
import dev.pronto.core.Protocol;
import dev.pronto.proxy.Upstream;
import dev.pronto.proxy.UpstreamTransport;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * The client of one upstream on the proxy's event loops: a {@link Client} chosen by the upstream's
 * transport, and whether that wire needs bodies whole.
 */
final class Sender implements AutoCloseable {
    private final Client client;
    private final boolean wholeBodies;

    Sender(Upstream u, EventLoopGroup loops) {
        wholeBodies = u.transport() == UpstreamTransport.TELEPORT;
        client = wholeBodies ? teleport(u, loops) : http(u, loops);
    }

    private Sender(Client client, boolean wholeBodies) {
        this.client = client;
        this.wholeBodies = wholeBodies;
    }

    /**
     * The health checks' client of {@code u}: one connection of its own, so a check is answered as
     * soon as the upstream can, not after the proxied requests queued before it.
     */
    static Sender probe(Upstream u, EventLoopGroup loops) {
        Upstream one = u.withMaxPending(1);
        boolean teleport = u.transport() == UpstreamTransport.TELEPORT;
        return new Sender(teleport ? teleport(one, loops, 1) : http(one, loops, 1), teleport);
    }

    private static Client teleport(Upstream u, EventLoopGroup loops) {
        return teleport(u, loops, Math.max(1, count(loops)));
    }

    /**
     * A connection per loop, each allowed the upstream's whole {@code maxPending}: the group's count of
     * requests in flight is the one bound, so the client never refuses a request the group admitted
     * (a loop's share would, whenever the load is uneven across loops).
     */
    private static Client teleport(Upstream u, EventLoopGroup loops, int connections) {
        TeleportConfig config = TeleportConfig.builder(u.host(), u.port()).compression(u.compression())
                .connections(connections).maxPendingRequests(u.maxPending()).requestTimeout(u.timeout()).build();
        return TeleportClient.create(config, loops);
    }

    private static Client http(Upstream u, EventLoopGroup loops) {
        return http(u, loops, ClientConfig.DEFAULT_MAX_CONNECTIONS_PER_HOST);
    }

    private static Client http(Upstream u, EventLoopGroup loops, int connections) {
        ClientConfig config = ClientConfig.builder().requestTimeout(u.timeout()).maxPending(u.maxPending())
                .maxConnectionsPerHost(connections).pipelineDepth(16).maxAttempts(1)
                .cleartext(u.transport() == UpstreamTransport.HTTP_2 ? Protocol.HTTP_2 : Protocol.HTTP_1_1).build();
        return HttpClient.create(config, loops);
    }

    private static int count(EventLoopGroup loops) {
        int n = 0;
        for (var ignored : loops) {
            n++;
        }
        return n;
    }

    CompletionStage<ClientResponse> send(ClientRequest request) {
        return client.send(request);
    }

    /** Sends on the pooled path: the response is valid only during {@code listener}'s callback. */
    void send(ClientRequest request, dev.pronto.client.http.ResponseListener listener) {
        client.send(request, listener);
    }

    /**
     * Whether bodies travel whole: teleport frames each message by its length, so a request body is
     * gathered first and a response is forwarded whole (with its length) rather than streamed.
     */
    boolean wholeBodies() {
        return wholeBodies;
    }

    /** Sends with the response body streamed to {@code body} after the head. */
    CompletionStage<ClientResponse> stream(ClientRequest request, Flow.Subscriber<? super ByteBuf> body) {
        return client.sendStreaming(request, body);
    }

    @Override
    public void close() {
        client.close();
    }
}
