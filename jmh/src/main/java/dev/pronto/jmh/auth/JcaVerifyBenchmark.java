package dev.pronto.jmh.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
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
 * The JDK's floor under {@link JwtVerifyBenchmark}: one signature check of a token-sized input with an
 * engine created and initialised once (RSA-2048 SHA256withRSA, P-256 SHA256withECDSAinP1363Format,
 * HmacSHA256), nothing else. Compare with {@code openssl speed rsa2048 ecdsap256} on the same machine.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = "-XX:ActiveProcessorCount=1")
public class JcaVerifyBenchmark {
    @Param({"RS256", "ES256", "HS256"})
    String alg;

    private final byte[] input = ("eyJraWQiOiJrIiwiYWxnIjoiUlMyNTYifQ." + "e".repeat(280)).getBytes(StandardCharsets.US_ASCII);
    private Signature verifier;
    private Mac mac;
    private byte[] signature;

    @Setup
    public void setUp() throws GeneralSecurityException {
        if (alg.equals("HS256")) {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(new byte[32], "HmacSHA256"));
            signature = mac.doFinal(input);
            return;
        }
        KeyPairGenerator generator = KeyPairGenerator.getInstance(alg.equals("RS256") ? "RSA" : "EC");
        if (alg.equals("RS256")) {
            generator.initialize(2048);
        } else {
            generator.initialize(new ECGenParameterSpec("secp256r1"));
        }
        KeyPair pair = generator.generateKeyPair();
        String engine = alg.equals("RS256") ? "SHA256withRSA" : "SHA256withECDSAinP1363Format";
        Signature signer = Signature.getInstance(engine);
        signer.initSign(pair.getPrivate());
        signer.update(input);
        signature = signer.sign();
        verifier = Signature.getInstance(engine);
        verifier.initVerify(pair.getPublic());
    }

    /** One check of the signature; true when it verifies (always here). */
    @Benchmark
    public boolean verify() throws GeneralSecurityException {
        if (mac != null) {
            return MessageDigest.isEqual(mac.doFinal(input), signature);
        }
        verifier.update(input);
        return verifier.verify(signature);
    }
}
