package dev.pronto.jmh.core;

import dev.pronto.core.FileUpload;
import dev.pronto.core.FormLimits;
import dev.pronto.core.Handler;
import dev.pronto.core.Listener;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import java.nio.file.Path;

/**
 * A multipart upload route for {@code jmh/load/upload-rss.sh}: {@code POST /upload} streams the form, its files
 * to temporary files under {@code tempDir}, and answers {@code <files> files <bytes> bytes}; bodies up to 512 MiB.
 * Listens on cleartext HTTP/1.1 (with h2c) and on HTTPS with h2.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.core.UploadServer 8080 8443 server.crt server.key /tmp/up}.
 */
public final class UploadServer {
    private UploadServer() {
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        int tlsPort = Integer.parseInt(args[1]);
        TlsConfig tls = TlsConfig.builder().pem(Path.of(args[2]), Path.of(args[3])).build();
        FormLimits limits = FormLimits.builder().tempDir(Path.of(args[4])).build();
        Server.builder()
                .listener(Listener.http(port))
                .listener(Listener.https(tlsPort, tls))
                .config(c -> c.ioThreads(1).maxBodySize(512L * 1024 * 1024))
                .routes(r -> r.formLimits(limits)
                        .get("/up", (req, res) -> res.send("up"))
                        .post("/upload", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart()
                                .thenApply(form -> form.files().size() + " files "
                                        + form.files().stream().mapToLong(FileUpload::size).sum() + " bytes"))))
                .build().start();
    }
}
