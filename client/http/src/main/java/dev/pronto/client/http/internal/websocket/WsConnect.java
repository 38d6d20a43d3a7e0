package dev.pronto.client.http.internal.websocket;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.internal.LoopContext;
import dev.pronto.client.http.internal.Origin;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import java.net.URI;
import java.util.concurrent.CompletableFuture;

/** Opens the channel of a client WebSocket on one loop: TCP, TLS for wss, then the handshake. */
public final class WsConnect {
    private WsConnect() {
    }

    /**
     * Connects to a ws:// or wss:// {@code uri} on {@code loop}; any thread. The stage completes with
     * the open WebSocket, or exceptionally for a bad URI, a failed connect or a refused handshake. The
     * loop tracks the channel, so closing the client closes it.
     */
    public static CompletableFuture<WebSocket> open(LoopContext loop, URI uri, WebSocketOptions options,
                                                    WebSocketHandler handler) {
        CompletableFuture<WebSocket> opened = new CompletableFuture<>();
        boolean tls = "wss".equalsIgnoreCase(uri.getScheme());
        if (!tls && !"ws".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            opened.completeExceptionally(new ClientException("a WebSocket URI is ws://host... or wss://host..., got " + uri));
            return opened;
        }
        Origin origin = new Origin(tls ? "https" : "http", uri.getHost(), uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80);
        new Bootstrap().group(loop.eventLoop()).channel(loop.runtime().channelClass())
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (tls) {
                            // writes wait in the TLS handler until its handshake is done; a failed one fails the stage
                            ch.pipeline().addLast(loop.runtime().webSocketSslHandler(ch.alloc(), origin));
                        }
                        ch.pipeline().addLast(new WsClientHandshake(uri, options, handler, opened));
                    }
                })
                .connect(origin.host(), origin.port()).addListener((ChannelFuture f) -> {
                    if (f.isSuccess()) {
                        loop.track(f.channel());
                    } else {
                        opened.completeExceptionally(new ConnectFailedException("cannot connect to " + uri, f.cause()));
                    }
                });
        return opened;
    }
}
