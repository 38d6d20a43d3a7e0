package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.TlsKeys;
import dev.pronto.core.internal.exchange.Carrier;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A TCP TLS listener advertises the HTTP/3 listener that shares its port number, and only that one. */
class ListenerSetupAltSvcTest {
    private static final TlsConfig TLS = TlsConfig.builder().keys(TlsKeys.pem(
            path("localhost.crt"), path("localhost.key"))).build();

    private static java.nio.file.Path path(String name) {
        try {
            return java.nio.file.Path.of(ListenerSetupAltSvcTest.class.getResource("/tls/" + name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void tlsListenerSharingThePortAdvertisesH3() {
        List<ListenerSetup> setups = ListenerSetup.all(List.of(Listener.https(8443, TLS), Listener.http3(8443, TLS)));

        assertThat(setups.get(0).altSvc()).isEqualTo("h3=\":8443\"; ma=86400");
        assertThat(setups.get(1).altSvc()).isNull();
    }

    @Test
    void listenersOnOtherPortsAdvertiseNothing() {
        List<ListenerSetup> setups = ListenerSetup.all(List.of(Listener.https(8081, TLS), Listener.http(8443),
                Listener.http3(8443, TLS)));

        assertThat(setups).extracting(ListenerSetup::altSvc).containsOnlyNulls();
    }

    @Test
    void withoutHttp3NothingIsAdvertised() {
        assertThat(ListenerSetup.all(List.of(Listener.https(8443, TLS))).getFirst().altSvc()).isNull();
    }

    @Test
    void connectionsOfAnAdvertisingListenerCarryAltSvcOnEveryResponse() {
        dev.pronto.core.Server server = dev.pronto.core.Server.builder()
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build();
        ServerContext context = ((ServerInitializer) server.channelInitializer()).context();
        io.netty.channel.embedded.EmbeddedChannel ch = new io.netty.channel.embedded.EmbeddedChannel(
                new ServerInitializer(context, new ListenerSetup(Listener.http(0), null, "h3=\":8443\"; ma=86400")));
        try {
            String answer = dev.pronto.core.internal.http1.TestChannels.exchange(ch,
                    "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /missing HTTP/1.1\r\nHost: x\r\n\r\n");

            assertThat(answer.split("alt-svc: h3=\":8443\"; ma=86400\r\n", -1)).hasSize(3);
        } finally {
            ch.finishAndReleaseAll();
            server.stop(java.time.Duration.ZERO);
        }
    }

    /** The carrier ALPN chose is made with the listener's value: no channel attribute carries it. */
    @ParameterizedTest
    @ValueSource(strings = {"h2", "http/1.1"})
    void carrierChosenByAlpnAdvertisesItsListenersAltSvc(String alpn) {
        dev.pronto.core.Server server = dev.pronto.core.Server.builder()
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build();
        ServerContext context = ((ServerInitializer) server.channelInitializer()).context();
        ListenerSetup listener = new ListenerSetup(new Listener(null, 0, List.of(Protocol.HTTP_2, Protocol.HTTP_1_1), null),
                null, "h3=\":8443\"; ma=86400");
        io.netty.channel.embedded.EmbeddedChannel ch = new io.netty.channel.embedded.EmbeddedChannel();
        try {
            dev.pronto.core.internal.registry.BuiltInProtocols.carriers().negotiated(ch.pipeline(), alpn, listener, context);

            assertThat(((Carrier) ch.pipeline().last()).altSvc()).isEqualTo("h3=\":8443\"; ma=86400");
        } finally {
            ch.finishAndReleaseAll();
            server.stop(java.time.Duration.ZERO);
        }
    }
}
