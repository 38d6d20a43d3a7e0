package dev.pronto.jmh.client;

import java.nio.charset.StandardCharsets;

/**
 * A minimal server for client benchmarks, so the server is not the bottleneck: one epoll loop
 * that counts request heads (bodiless GETs, ended by CRLFCRLF) and answers each with the same
 * canned 13-byte response, all answers of a read batch in one write.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.client.CannedResponseServer 8082}.
 */
public final class CannedResponseServer {
    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n"
            + "Server: canned\r\n\r\nHello, World!").getBytes(StandardCharsets.US_ASCII);

    private CannedResponseServer() {
    }

    /** Starts on the port in {@code args[0]} (default 8082) and serves until killed. */
    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8082;
        dev.pronto.jmh.core.OneLoopServer.serve("canned server", port,
                c -> c.pipeline().addLast(new CannedAnswers(RESPONSE)));
    }
}
