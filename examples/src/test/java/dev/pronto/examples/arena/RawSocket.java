package dev.pronto.examples.arena;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Raw-socket exchanges that read until the server closes, as HttpArena's validator does. */
final class RawSocket {
    private RawSocket() {
    }

    static String exchange(int port, String request) throws Exception {
        return fragmented(port, request);
    }

    /**
     * Sends each fragment as its own TCP segment (TCP_NODELAY), 30 ms apart as HttpArena's
     * fragmentation check does, then reads to EOF.
     */
    static String fragmented(int port, String... fragments) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setTcpNoDelay(true);
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            for (int i = 0; i < fragments.length; i++) {
                if (i > 0) {
                    // the gap is the scenario under test (separate reads on the server), not a wait for a condition
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(30));
                }
                out.write(fragments[i].getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            }
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            s.getInputStream().transferTo(response);
            return response.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
