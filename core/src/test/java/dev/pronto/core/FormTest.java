package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code req.form()} on a route, with the limits of its group. */
class FormTest {
    private static final Map<String, String> FORM = Map.of("Content-Type", "application/x-www-form-urlencoded");
    private final TestClient client = TestClient.start(Server.builder().routes(r -> r
            .post("/login", (req, res) -> res.send(req.form().value("user") + "/" + req.form().values("role")))
            .group("/tight", g -> g.formLimits(FormLimits.builder().maxFields(1).build())
                    .post("/login", (req, res) -> res.send(req.form().value("user"))))));

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void theHandlerReadsDecodedFields() {
        assertThat(client.request("POST", "/login", FORM, "user=ann+lee&role=a&role=b").text()).isEqualTo("ann lee/[a, b]");
    }

    @Test
    void aGroupsLimitsApplyToItsRoutes() {
        assertThat(client.request("POST", "/tight/login", FORM, "user=a&role=b").status()).isEqualTo(413);
    }
}
