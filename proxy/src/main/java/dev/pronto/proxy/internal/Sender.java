package dev.pronto.proxy.internal;

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

/** The client of one upstream, whatever its transport, on the proxy's event loops. */
final class Sender implements AutoCloseable {
    private final HttpClient http;
    private final TeleportClient teleport;

    Sender(Upstream u, EventLoopGroup loops) {
        if (u.transport() == UpstreamTransport.TELEPORT) {
            int connections = Math.max(1, count(loops));
            TeleportConfig config = TeleportConfig.builder(u.host(), u.port()).compression(u.compression())
                    .connections(connections).maxPendingRequests(Math.max(1, u.maxPending() / connections + 1))
                    .requestTimeout(u.timeout()).build();
            teleport = TeleportClient.create(config, loops);
            http = null;
        } else {
            ClientConfig config = ClientConfig.builder().requestTimeout(u.timeout()).maxPending(u.maxPending())
                    .pipelineDepth(16).maxAttempts(1)
                    .cleartext(u.transport() == UpstreamTransport.HTTP_2 ? Protocol.HTTP_2 : Protocol.HTTP_1_1).build();
            http = HttpClient.create(config, loops);
            teleport = null;
        }
    }

    private static int count(EventLoopGroup loops) {
        int n = 0;
        for (var ignored : loops) {
            n++;
        }
        return n;
    }

    CompletionStage<ClientResponse> send(ClientRequest request) {
        return teleport != null ? teleport.send(request) : http.send(request);
    }

    /** Sends on the pooled path: the response is valid only during {@code listener}'s callback. */
    void send(ClientRequest request, dev.pronto.client.http.ResponseListener listener) {
        if (teleport != null) {
            teleport.send(request, listener);
        } else {
            http.send(request, listener);
        }
    }

    /** Whether bodies must be gathered whole: teleport frames each message by Content-Length. */
    boolean wholeBodies() {
        return teleport != null;
    }

    /** Sends with the response body streamed to {@code body} after the head; HTTP/1.1 and HTTP/2 upstreams only. */
    CompletionStage<ClientResponse> stream(ClientRequest request, Flow.Subscriber<? super ByteBuf> body) {
        return http.sendStreaming(request, body);
    }

    @Override
    public void close() {
        if (teleport != null) {
            teleport.close();
        } else {
            http.close();
        }
    }
}
