package dev.pronto.jmh.ws;

import dev.pronto.core.Server;
import dev.pronto.core.Transport;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import io.netty.buffer.ByteBuf;

/**
 * Pronto for the ws load script: {@code /ws} echoes text as text and binary as binary (HttpArena's
 * echo-ws), one epoll event loop. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.ws.ProntoWsServer 8090}.
 */
public final class ProntoWsServer {
    private ProntoWsServer() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8090;
        Server.builder()
                .config(c -> c.port(port).ioThreads(1).transport(Transport.EPOLL).maxConnections(65_536))
                .routes(r -> r.ws("/ws", new WebSocketHandler() {
                    @Override
                    public void onText(WebSocket ws, String text) {
                        ws.sendText(text);
                    }

                    @Override
                    public void onBinary(WebSocket ws, ByteBuf data) {
                        ws.sendBinary(data.retain());
                    }
                }))
                .build().start();
    }
}
