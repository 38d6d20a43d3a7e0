package dev.pronto.jmh.teleport;

import dev.pronto.client.http.TeleportCompression;
import dev.pronto.core.Handler;
import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.Transport;
import dev.pronto.proxy.Proxy;
import dev.pronto.proxy.Upstream;
import dev.pronto.proxy.UpstreamGroup;

/**
 * A one-loop Pronto edge forwarding {@code /baseline11} and {@code /json/{n}} to a backend over
 * HTTP/1.1 or teleport. Run: {@code ProxyEdge <edgePort> <http|teleport-none|teleport-flate|teleport-snappy> <backendPort>}.
 */
public final class ProxyEdge {
    private ProxyEdge() {
    }

    /** Starts the edge and blocks. */
    public static void main(String[] args) throws InterruptedException {
        int backend = Integer.parseInt(args[2]);
        Upstream upstream = args[1].equals("http") ? Upstream.http("127.0.0.1", backend).withMaxPending(100_000)
                : Upstream.teleport("127.0.0.1", backend).withMaxPending(100_000)
                        .withCompression(TeleportCompression.valueOf(args[1].substring("teleport-".length()).toUpperCase()));
        Proxy[] proxy = new Proxy[1];
        Handler forward = (req, res) -> proxy[0].handle(req, res);
        Server edge = Server.builder().config(c -> c.ioThreads(1).transport(Transport.EPOLL))
                .listener(Listener.http(Integer.parseInt(args[0])))
                .routes(r -> r.get("/baseline11", forward).get("/json/{n}", forward)).build().start();
        proxy[0] = Proxy.to(UpstreamGroup.builder().upstream(upstream).build(edge.eventLoopGroup()));
        Thread.currentThread().join();
    }
}
