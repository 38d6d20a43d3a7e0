/** Pronto TeleportClient side of run.sh: three POSTs per request compression to the Go server on args[0]. */
import dev.pronto.client.http.*;
public class Interop {
    public static void main(String[] a) throws Exception {
        int port = Integer.parseInt(a[0]);
        for (TeleportCompression c : TeleportCompression.values()) {
            try (TeleportClient t = TeleportClient.create(TeleportConfig.builder("127.0.0.1", port).compression(c).build())) {
                for (int i = 0; i < 3; i++) {
                    try (ClientResponse r = t.sendBlocking(ClientRequest.builder().method("POST").uri("http://go/x?i=" + i).body("body" + i).build())) {
                        System.out.println(c + " " + r.status() + " " + r.string());
                    }
                }
            }
        }
    }
}
