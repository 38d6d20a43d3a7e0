package dev.pronto.jmh.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.OctetSequenceKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pronto.auth.JwtConfig;
import dev.pronto.auth.JwtKeys;
import dev.pronto.auth.Principal;
import dev.pronto.auth.internal.JwtVerifier;
import dev.pronto.auth.internal.StaticKeys;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Verification of one Bearer token per request with a cached key (RS256 2048-bit, ES256 P-256, HS256):
 * {@code full} parses and checks the signature and claims every time (no token cache), {@code remembered}
 * is a client presenting the same token again (the verifier's token cache: a map lookup and the time
 * checks; the token is a new string each time, as a request's header is, so its hash is computed each
 * time). Run on one core: {@code taskset -c 1 java -jar jmh/target/benchmarks.jar JwtVerify -prof gc};
 * {@link JcaVerifyBenchmark} is the JDK's signature check alone, the floor under {@code full}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = "-XX:ActiveProcessorCount=1")
public class JwtVerifyBenchmark {
    @Param({"RS256", "ES256", "HS256"})
    String alg;

    @Param({"full", "remembered"})
    String mode;

    private JwtVerifier verifier;
    private String header;

    @Setup
    public void setUp() throws JOSEException {
        JWK key = switch (alg) {
            case "RS256" -> new RSAKeyGenerator(2048).keyID("k").generate();
            case "ES256" -> new ECKeyGenerator(Curve.P_256).keyID("k").generate();
            default -> new OctetSequenceKeyGenerator(256).keyID("k").generate();
        };
        JWKSet verifying = new JWKSet(publicOrSecret(key));
        JwtKeys keys = JwtKeys.jwks(verifying.toString(false));
        JwtConfig config = JwtConfig.builder(keys).algorithms(alg).issuer("https://issuer.test").audiences("orders").build();
        verifier = new JwtVerifier(StaticKeys.of(verifying), config, Clock.systemUTC(),
                mode.equals("full") ? 0 : JwtVerifier.CACHE_SIZE);
        header = "Bearer " + sign(key);
    }

    private static JWK publicOrSecret(JWK key) {
        return key instanceof OctetSequenceKey ? key : key.toPublicJWK();
    }

    private String sign(JWK key) throws JOSEException {
        JWSSigner signer = switch (key) {
            case RSAKey rsa -> new RSASSASigner(rsa);
            case ECKey ec -> new ECDSASigner(ec);
            default -> new MACSigner((OctetSequenceKey) key);
        };
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().subject("ada").issuer("https://issuer.test").audience("orders")
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(3600)))
                .claim("roles", List.of("admin", "user")).claim("scope", "orders:read orders:write").build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.parse(alg)).keyID("k").build(), claims);
        jwt.sign(signer);
        return jwt.serialize();
    }

    /** One request's verification, from its {@code Authorization} value (a new string, as per request). */
    @Benchmark
    public Principal verify() throws Exception {
        return verifier.verify(header.substring(7));
    }
}
