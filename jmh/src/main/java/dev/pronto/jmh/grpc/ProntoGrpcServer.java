package dev.pronto.jmh.grpc;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.Transport;
import dev.pronto.grpc.Grpc;

/**
 * Pronto serving {@link SumService} over h2c (prior knowledge) on one epoll event loop, for
 * {@code jmh/load/grpc.sh}. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.grpc.ProntoGrpcServer 18090}.
 */
public final class ProntoGrpcServer {
    private ProntoGrpcServer() {
    }

    /** Argument: the port. */
    public static void main(String[] args) {
        Server.builder()
                .config(c -> c.ioThreads(1).transport(Transport.EPOLL))
                .listener(Listener.h2c(Integer.parseInt(args[0])))
                .routes(r -> r.register(Grpc.services(new SumService())))
                .build().start();
    }
}
