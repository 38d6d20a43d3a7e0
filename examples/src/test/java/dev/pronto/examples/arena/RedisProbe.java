package dev.pronto.examples.arena;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Looks into a test's Redis with inline commands over a plain socket, independent of the app's client. */
final class RedisProbe implements AutoCloseable {
    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    RedisProbe(int port) throws Exception {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(5000);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        out = socket.getOutputStream();
    }

    /** The reply line of {@code command}; for a bulk string, its value (null for the null bulk). */
    String call(String command) throws Exception {
        out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        String line = in.readLine();
        if (line.startsWith("$")) {
            return line.equals("$-1") ? null : in.readLine();
        }
        return line.substring(1);
    }

    /** Remaining time to live of {@code key} in milliseconds: -2 when absent, -1 without expiry. */
    long pttl(String key) throws Exception {
        return Long.parseLong(call("PTTL " + key));
    }

    @Override
    public void close() throws Exception {
        socket.close();
    }
}
