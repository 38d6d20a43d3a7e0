/**
 * Pronto TeleportClient side of run.sh: three POSTs per request compression to the Go server on args[0];
 * with args[1], a PEM certificate to trust, the client asks for TLS (handshake flag 1).
 */
import dev.pronto.client.http.*;
public class Interop {
    public static void main(String[] a) throws Exception {
        int port = Integer.parseInt(a[0]);
        ClientTls tls = a.length > 1 ? ClientTls.builder().trustedCertificates(java.nio.file.Path.of(a[1])).build() : null;
        for (TeleportCompression c : TeleportCompression.values()) {
            TeleportConfig config = TeleportConfig.builder("localhost", port).compression(c).tls(tls).build();
            try (TeleportClient t = TeleportClient.create(config)) {
                for (int i = 0; i < 3; i++) {
                    try (ClientResponse r = t.sendBlocking(ClientRequest.builder().method("POST").uri("http://go/x?i=" + i).body("body" + i).build())) {
                        System.out.println((tls != null ? "tls " : "plain ") + c + " " + r.status() + " " + r.string());
                    }
                }
            }
        }
    }
}
