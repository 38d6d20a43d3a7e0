package dev.pronto.jmh.h3;

import dev.pronto.core.Http3Config;
import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.StaticFiles;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.Transport;
import java.nio.file.Path;

/**
 * Pronto with the routes of the h3 load ({@code /baseline2?a=&b=} and {@code /static/*} from memory, one epoll
 * event loop): h2 and http/1.1 over TLS on TCP {@code port} and HTTP/3 on UDP {@code port}, so one server
 * answers both legs of jmh/load/h3.sh.
 * {@code -Dh3.retry=on|off} overrides {@code Http3Config}'s Retry default, {@code -Dh3.gso=N} its GSO/recvmmsg batch
 * (0: off), {@code -Dh3.cc=CUBIC|RENO|BBR}, {@code -Dh3.cwnd=N} and {@code -Dh3.hystart=ON|OFF} its congestion
 * settings.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h3.ProntoTlsServer <port> <cert.pem> <key.pem>}.
 */
public final class ProntoTlsServer {
    private ProntoTlsServer() {
    }

    /** Arguments: port (TCP and UDP), PEM certificate, PEM key. */
    public static void main(String[] args) {
        StaticFiles files = StaticFiles.builder(ArenaRoutes.staticDir()).cache(StaticFiles.Cache.MEMORY).build();
        int port = Integer.parseInt(args[0]);
        TlsConfig tls = TlsConfig.builder().pem(Path.of(args[1]), Path.of(args[2])).build();
        Server.builder()
                .config(c -> c.ioThreads(1).transport(Transport.EPOLL))
                .listener(Listener.https(port, tls))
                .listener(Listener.http3(port, tls))
                .http3(retry(Http3Config.defaults()))
                .routes(r -> r
                        .get("/baseline2", (req, res) -> res.send(Long.toString(ArenaRoutes.sum(req.query("a"), req.query("b")))))
                        .get("/static/{*path}", files))
                .build().start();
    }

    private static Http3Config retry(Http3Config cfg) {
        String retry = System.getProperty("h3.retry");
        Http3Config c = retry == null ? cfg : cfg.withRetry("on".equals(retry) ? Http3Config.Retry.ON : Http3Config.Retry.OFF);
        Http3Config.Udp udp = c.udp();
        Http3Config.Congestion cc = c.congestion();
        String hyStart = System.getProperty("h3.hystart");
        return c.withUdp(new Http3Config.Udp(udp.receiveBuffer(), udp.sendBuffer(), udp.maxUdpPayload(),
                Integer.getInteger("h3.gso", udp.gsoSegments())))
                .withCongestion(new Http3Config.Congestion(
                        Http3Config.Algorithm.valueOf(System.getProperty("h3.cc", cc.algorithm().name())),
                        Integer.getInteger("h3.cwnd", cc.initialWindowPackets()),
                        hyStart == null ? cc.hyStart() : Http3Config.HyStart.valueOf(hyStart)));
    }
}
