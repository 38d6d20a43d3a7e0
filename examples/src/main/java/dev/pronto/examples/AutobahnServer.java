package dev.pronto.examples;

import dev.pronto.core.Server;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import io.netty.buffer.ByteBuf;

/**
 * The echo server the Autobahn fuzzing client ({@code examples/autobahn/run.sh}) tests: every path
 * is a WebSocket echo with 16 MiB messages (the suite's largest) and permessage-deflate offered.
 */
public final class AutobahnServer {
    private AutobahnServer() {
    }

    /** Serves on the port given as the first argument (9001 by default) until killed. */
    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 9001;
        WebSocketOptions options = WebSocketOptions.builder().maxMessageSize(16 << 20).maxQueuedBytes(64L << 20)
                .compression(WebSocketOptions.Deflate.defaults()).build();
        WebSocketHandler echo = new WebSocketHandler() {
            @Override
            public void onText(WebSocket ws, String text) {
                ws.sendText(text);
            }

            @Override
            public void onBinary(WebSocket ws, ByteBuf data) {
                ws.sendBinary(data.retain());
            }
        };
        Server.builder().config(c -> c.host("127.0.0.1").port(port).ioThreads(1).maxBodySize(1024))
                .routes(r -> r.ws("/", options, echo).ws("/{*path}", options, echo))
                .build().start();
    }
}
