package dev.pronto.jmh.ws;

import dev.pronto.core.Server;
import dev.pronto.core.Transport;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import io.netty.buffer.ByteBuf;

/**
 * Pronto for the ws load script: {@code /ws} echoes text as text and binary as binary (HttpArena's
 * echo-ws), one event loop on the transport named by the second argument ({@code EPOLL}, {@code IO_URING}),
 * by default {@code AUTO} (io_uring where the kernel has it, else epoll). Run:
 * {@code java -cp benchmarks.jar dev.pronto.jmh.ws.ProntoWsServer 8090 [EPOLL]}.
 */
public final class ProntoWsServer {
    private ProntoWsServer() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8090;
        Transport transport = args.length > 1 ? Transport.valueOf(args[1]) : Transport.AUTO;
        Server.builder()
                .config(c -> c.port(port).ioThreads(1).transport(transport).maxConnections(65_536))
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
