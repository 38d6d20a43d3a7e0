package dev.pronto.examples.feature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pronto.client.http.Client;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientTls;
import dev.pronto.client.http.ContractClient;
import dev.pronto.client.http.ContractConfig;
import dev.pronto.client.http.FormBody;
import dev.pronto.client.http.Http3Client;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.ProblemException;
import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.TlsConfig;
import dev.pronto.json.ProntoJson;
import dev.pronto.testsupport.TestCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated {@code WidgetsApi$Client} against the feature service on real sockets, the same round trip over
 * each protocol: every listener speaks only its own (HTTP/1.1 in clear, h2 alone in TLS's ALPN, HTTP/3 over
 * QUIC), so a call that succeeds went over that protocol.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FeatureClientTest {
    /** The protocols, in the order of the service's listeners. */
    enum Wire { HTTP_1_1, H2, H3 }

    private FeatureService service;
    private final Map<Wire, Client> clients = new EnumMap<>(Wire.class);
    private final Map<Wire, WidgetsApi> apis = new EnumMap<>(Wire.class);

    @BeforeAll
    void start() {
        TlsConfig tls = TlsConfig.builder().pem(TestCertificates.certificate(), TestCertificates.key()).build();
        service = FeatureService.start(List.of(Listener.http(0).withProtocols(Protocol.HTTP_1_1),
                Listener.https(0, tls).withProtocols(Protocol.HTTP_2), Listener.http3(0, tls)), "test-password");
        ClientConfig.Builder config = ClientConfig.builder().ioThreads(1)
                .tls(ClientTls.builder().trustedCertificates(TestCertificates.certificate()).build());
        clients.put(Wire.HTTP_1_1, HttpClient.create(config.build()));
        clients.put(Wire.H2, HttpClient.create(config.protocols(Protocol.HTTP_2).build()));
        clients.put(Wire.H3, Http3Client.create(config.build()));
        ProntoJson json = ProntoJson.create(new FeatureJson());
        List<Integer> ports = service.ports();
        for (Wire wire : Wire.values()) {
            String base = (wire == Wire.HTTP_1_1 ? "http" : "https") + "://localhost:" + ports.get(wire.ordinal());
            apis.put(wire, new WidgetsApi$Client(ContractClient.of(clients.get(wire), base, json, ContractConfig.defaults())));
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (Client client : clients.values()) {
            client.close();
        }
        service.close();
    }

    private static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static ProblemException problem(CompletionStage<?> stage) {
        ExecutionException failed = catchThrowableOfType(ExecutionException.class, () -> await(stage));
        assertThat(failed.getCause()).isInstanceOf(ProblemException.class);
        return (ProblemException) failed.getCause();
    }

    private static Widget.New sprocket(String name, Widget.Color color) {
        return new Widget.New(name, color, Widget.Finish.MATTE, 1250, List.of("metal"), Set.of(Widget.Color.RED),
                Map.of("north", 3), java.time.LocalDate.of(2024, 2, 29));
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void createsThenReadsAWidget(Wire wire) throws Exception {
        Widget created = await(apis.get(wire).create("acme", sprocket("Sprocket", Widget.Color.GREEN)));

        Widget read = await(apis.get(wire).byId(created.id()));

        assertThat(read).isEqualTo(created);
        assertThat(read.tenant()).isEqualTo("acme");
        assertThat(read.stock()).containsEntry("north", 3);
        assertThat(read.released()).isEqualTo(java.time.LocalDate.of(2024, 2, 29));
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void updatesAWidget(Wire wire) throws Exception {
        Widget created = await(apis.get(wire).create("acme", sprocket("Before", Widget.Color.RED)));

        Widget updated = await(apis.get(wire).update(created.id(), "acme", sprocket("After", Widget.Color.BLUE)));

        assertThat(updated.name()).isEqualTo("After");
        assertThat(await(apis.get(wire).byId(created.id())).color()).isEqualTo(Widget.Color.BLUE);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void anOptionalEnumLeftOutIsNullBothWays(Wire wire) throws Exception {
        Widget.New plain = new Widget.New("Plain", Widget.Color.RED, null, 5, null, null, null, null);

        Widget created = await(apis.get(wire).create("acme", plain));

        assertThat(created.finish()).isNull();
        assertThat(await(apis.get(wire).list(Optional.of(Widget.Color.RED), Optional.empty(), Optional.of(100))).items())
                .extracting(Widget::id).contains(created.id());
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void aMissingWidgetIsA404Problem(Wire wire) {
        ProblemException missing = problem(apis.get(wire).byId(UUID.randomUUID()));

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.detail()).contains("not found");
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void invalidInputIsA400ProblemListingTheFields(Wire wire) {
        Widget.New invalid = new Widget.New(" ", Widget.Color.RED, null, -1, null, null, null, null);

        ProblemException refused = problem(apis.get(wire).create("acme", invalid));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.errors()).extracting(ProblemException.FieldError::field)
                .containsExactlyInAnyOrder("body.name", "body.priceCents");
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void uploadsAFile(Wire wire, @TempDir Path dir) throws Exception {
        Widget created = await(apis.get(wire).create("acme", sprocket("With file", Widget.Color.GREEN)));
        Path file = Files.writeString(dir.resolve("spec.txt"), "spec sheet");

        Widget.Attachment attached = await(apis.get(wire).attach(created.id(),
                FormBody.multipart().file("file", file, "text/plain").build()));

        assertThat(attached).isEqualTo(new Widget.Attachment(created.id(), "spec.txt", 10));
    }
}
