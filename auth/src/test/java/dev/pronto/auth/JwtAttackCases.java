package dev.pronto.auth;

import static dev.pronto.auth.JwtAttackSuiteTest.ATTACKER;
import static dev.pronto.auth.JwtAttackSuiteTest.HS;
import static dev.pronto.auth.JwtAttackSuiteTest.OTHER_SECRET;
import static dev.pronto.auth.JwtAttackSuiteTest.RS;
import static dev.pronto.auth.JwtAttackSuiteTest.RSA;
import static dev.pronto.auth.JwtAttackSuiteTest.SECRET;
import static dev.pronto.auth.JwtAttackSuiteTest.VALID_HS;
import static dev.pronto.auth.JwtAttackSuiteTest.VALID_RS;
import static dev.pronto.auth.JwtAttackSuiteTest.attack;
import static dev.pronto.auth.JwtAttacks.CLAIMS;
import static dev.pronto.auth.JwtAttacks.NOW;
import static dev.pronto.auth.JwtAttacks.b64;
import static dev.pronto.auth.JwtAttacks.claims;
import static dev.pronto.auth.JwtAttacks.hs256;
import static dev.pronto.auth.JwtAttacks.hs256Encoded;
import static dev.pronto.auth.JwtAttacks.rs256;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** The cases of {@link JwtAttackSuiteTest}: path, {@code Authorization} value, expected status. */
final class JwtAttackCases {
    private static final String API = "/api/me";

    private JwtAttackCases() {
    }

    private static String bearer(String token) {
        return "Bearer " + token;
    }

    private static String insert(String token, int at, String text) {
        return token.substring(0, at) + text + token.substring(at);
    }

    private static String segment(String token, int i) {
        return token.split("\\.", -1)[i];
    }

    /** Valid claims with the time members {@code times} (e.g. {@code "iat":1,"exp":2}) instead of CLAIMS' own. */
    private static String timed(String times) {
        return "{\"sub\":\"ada\",\"iss\":\"https://issuer.test\",\"aud\":\"orders\",\"roles\":[\"user\"]"
                + (times.isEmpty() ? "" : "," + times) + "}";
    }

    static Stream<Arguments> encoding() {
        String sig = segment(VALID_RS, 2);
        int mid = VALID_RS.length() - sig.length() / 2;
        int firstDot = VALID_HS.indexOf('.');
        int secondDot = VALID_HS.lastIndexOf('.');
        return Stream.of(
                attack("valid RS256 token", API, bearer(VALID_RS), 200),
                attack("valid HS256 token", API, bearer(VALID_HS), 200),
                attack("signature in the standard base64 alphabet", API,
                        bearer(VALID_RS.substring(0, VALID_RS.length() - sig.length()) + sig.replace('-', '+').replace('_', '/')), 401),
                attack("signature padded with '='", API, bearer(VALID_RS + "="), 401),
                attack("signature padded with '=='", API, bearer(VALID_RS + "=="), 401),
                attack("header padded with '='", API, bearer(insert(VALID_HS, firstDot, "=")), 401),
                attack("payload padded with '='", API, bearer(insert(VALID_HS, secondDot, "=")), 401),
                attack("'!' inside the signature", API, bearer(insert(VALID_RS, mid, "!")), 401),
                attack("'*' inside the signature", API, bearer(insert(VALID_RS, mid, "*")), 401),
                attack("'+' inside the payload", API, bearer(insert(VALID_HS, secondDot - 4, "+")), 401),
                attack("'/' inside the header", API, bearer(insert(VALID_HS, 4, "/")), 401),
                attack("RS256 signature with its unused tail bits set", API, bearer(JwtAttacks.tailBitsSet(VALID_RS)), 401),
                attack("HS256 signature with its unused tail bits set", API, bearer(JwtAttacks.tailBitsSet(VALID_HS)), 401),
                attack("payload of an impossible length (4n+1)", API, bearer(insert(VALID_HS, secondDot, "A")), 401),
                attack("non-ASCII letter inside the signature", API, bearer(insert(VALID_RS, mid, "\u00e9")), 401),
                attack("percent-encoded dot", API, bearer(VALID_HS.replaceFirst("\\.", "%2E")), 401),
                attack("space between two segments", API, bearer(insert(VALID_HS, firstDot + 1, " ")), 401),
                attack("space inside the signature", API, bearer(insert(VALID_RS, mid, " ")), 401),
                attack("tab inside the token", API, bearer(insert(VALID_HS, 10, "\t")), 401),
                attack("two tokens", API, bearer(VALID_HS + " " + VALID_HS), 401),
                attack("token followed by a parameter", API, bearer(VALID_HS + ", realm=x"), 401),
                attack("several spaces after the scheme (1*SP)", API, "Bearer   " + VALID_HS, 200),
                attack("scheme in lower case", API, "bearer " + VALID_HS, 200),
                attack("trailing whitespace is not part of the field value", API, bearer(VALID_HS + "  "), 200),
                attack("a JWT under the Basic scheme", API, "Basic " + VALID_HS, 401),
                attack("no token after the scheme", API, "Bearer", 401),
                attack("two segments", API, bearer(VALID_HS.substring(0, secondDot)), 401),
                attack("four segments", API, bearer(VALID_HS + ".e30"), 401),
                attack("five segments (the JWE shape)", API, bearer(VALID_HS + ".e30.e30"), 401),
                attack("empty signature", API, bearer(VALID_HS.substring(0, secondDot + 1)), 401),
                attack("empty header", API, bearer(VALID_HS.substring(firstDot)), 401),
                attack("empty payload", API, bearer(hs256Encoded(b64(HS) + ".", SECRET)), 401),
                attack("dots only", API, bearer(".."), 401),
                attack("one segment", API, bearer("abc"), 401));
    }

    static Stream<Arguments> json() {
        String pairs = "[[\"sub\",\"mallory\"],[\"roles\",[\"admin\"]],[\"iss\",\"https://issuer.test\"],"
                + "[\"aud\",\"orders\"],[\"exp\"," + (NOW + 600) + "]]";
        String userOnly = CLAIMS.replace("[\"admin\",\"user\"]", "[\"user\"]");
        return Stream.of(
                attack("claims an array of pairs, on an admin route", "/admin/x", bearer(hs256(HS, pairs, SECRET)), 401),
                attack("header an array of pairs", API, bearer(hs256("[[\"alg\",\"HS256\"],[\"kid\",\"h1\"]]", CLAIMS, SECRET)), 401),
                attack("claims a JSON string", API, bearer(hs256(HS, "\"ada\"", SECRET)), 401),
                attack("claims null", API, bearer(hs256(HS, "null", SECRET)), 401),
                attack("claims a number", API, bearer(hs256(HS, "1", SECRET)), 401),
                attack("claims followed by garbage", API, bearer(hs256(HS, CLAIMS + "x", SECRET)), 401),
                attack("claims followed by a second object", API, bearer(hs256(HS, CLAIMS + "{}", SECRET)), 401),
                attack("duplicate sub", API, bearer(hs256(HS, claims(",\"sub\":\"mallory\""), SECRET)), 401),
                attack("duplicate roles, on an admin route", "/admin/x",
                        bearer(hs256(HS, userOnly.substring(0, userOnly.length() - 1) + ",\"roles\":[\"admin\"]}", SECRET)), 401),
                attack("duplicate claim spelled with an escape", API, bearer(hs256(HS, claims(",\"\\u0073ub\":\"mallory\""), SECRET)), 401),
                attack("duplicate member inside a nested object", API, bearer(hs256(HS, claims(",\"x\":{\"a\":1,\"a\":2}"), SECRET)), 401),
                attack("duplicate alg in the header", API,
                        bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"h1\",\"alg\":\"none\"}", CLAIMS, SECRET)), 401),
                attack("duplicate kid in the header", API,
                        bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"h1\",\"kid\":\"r1\"}", CLAIMS, SECRET)), 401),
                attack("header that is not UTF-8", API, bearer(hs256Encoded(b64(notUtf8(HS)) + "." + b64(CLAIMS), SECRET)), 401),
                attack("claims that are not UTF-8", API, bearer(hs256Encoded(b64(HS) + "." + b64(notUtf8(CLAIMS)), SECRET)), 401),
                attack("arrays nested 100 deep", API, bearer(hs256(HS, claims(",\"x\":" + "[".repeat(100) + "]".repeat(100)), SECRET)), 401),
                attack("raw control character in a string", API, bearer(hs256(HS, claims(",\"x\":\"a\u0001b\""), SECRET)), 401),
                attack("single-quoted JSON", API, bearer(hs256(HS, CLAIMS.replace('"', '\''), SECRET)), 401),
                attack("JSON with a comment", API, bearer(hs256(HS, claims("/* c */"), SECRET)), 401),
                attack("trailing comma", API, bearer(hs256(HS, claims(","), SECRET)), 401),
                attack("leading zero in a number", API, bearer(hs256(HS, claims(",\"x\":01"), SECRET)), 401),
                attack("valid JSON with whitespace and escapes", API,
                        bearer(hs256(HS, " " + claims(", \"note\" : \"caf\\u00e9 \\\"q\\\" \\n\", \"n\": -1.5e3 ") + "\n", SECRET)), 200));
    }

    private static byte[] notUtf8(String json) {
        byte[] bytes = (json.substring(0, json.length() - 1) + ",\"x\":\"?\"}").getBytes(StandardCharsets.US_ASCII);
        bytes[bytes.length - 3] = (byte) 0xFF;
        return bytes;
    }

    static Stream<Arguments> headers() throws Exception {
        byte[] rsaPublic = RSA.toRSAPublicKey().getEncoded();
        String jwk = ATTACKER.toPublicJWK().toJSONString();
        return Stream.of(
                attack("alg none without a signature", API, bearer(b64("{\"alg\":\"none\"}") + "." + b64(CLAIMS) + "."), 401),
                attack("alg none with a signature", API, bearer(hs256("{\"alg\":\"none\"}", CLAIMS, SECRET)), 401),
                attack("alg None", API, bearer(hs256("{\"alg\":\"None\",\"kid\":\"h1\"}", CLAIMS, SECRET)), 401),
                attack("alg HS256 keyed with the RSA public key", API, bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"r1\"}", CLAIMS, rsaPublic)), 401),
                attack("alg HS256 keyed with the public JWK text", API,
                        bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"r1\"}", CLAIMS, RSA.toPublicJWK().toJSONString().getBytes(StandardCharsets.UTF_8))), 401),
                attack("alg HS384, not configured", API, bearer(hs256("{\"alg\":\"HS384\",\"kid\":\"h1\"}", CLAIMS, SECRET)), 401),
                attack("alg RS256 on the secret's kid", API, bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"h1\"}", CLAIMS, RSA)), 401),
                attack("signed by another key under the same kid", API, bearer(rs256(RS, CLAIMS, ATTACKER)), 401),
                attack("unknown kid", API, bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"r9\"}", CLAIMS, RSA)), 401),
                attack("kid naming a file", API, bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"../../../dev/null\"}", CLAIMS, new byte[32])), 401),
                attack("kid with SQL", API, bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"x' OR '1'='1\"}", CLAIMS, SECRET)), 401),
                attack("jku to the attacker's key set", API,
                        bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"evil\",\"jku\":\"https://evil.test/jwks\"}", CLAIMS, ATTACKER)), 401),
                attack("jku with the real kid", API,
                        bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"r1\",\"jku\":\"https://evil.test/jwks\"}", CLAIMS, ATTACKER)), 401),
                attack("x5u to the attacker's certificate", API,
                        bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"r1\",\"x5u\":\"https://evil.test/cert\"}", CLAIMS, ATTACKER)), 401),
                attack("embedded jwk of the attacker", API,
                        bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"r1\",\"jwk\":" + jwk + "}", CLAIMS, ATTACKER)), 401),
                attack("crit naming an unknown parameter", API,
                        bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"r1\",\"crit\":[\"x\"],\"x\":1}", CLAIMS, RSA)), 401),
                attack("crit empty", API, bearer(rs256("{\"alg\":\"RS256\",\"kid\":\"r1\",\"crit\":[]}", CLAIMS, RSA)), 401),
                attack("b64 false (unencoded payload)", API,
                        bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"h1\",\"b64\":false,\"crit\":[\"b64\"]}", CLAIMS, SECRET)), 401),
                attack("kid-less secret, token naming a kid", "/kidless/me", bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"x\"}", CLAIMS, OTHER_SECRET)), 401),
                attack("kid-less secret, token naming none", "/kidless/me", bearer(hs256("{\"alg\":\"HS256\"}", CLAIMS, OTHER_SECRET)), 200),
                attack("typ JWT where at+jwt is required", "/typed/me", bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"h1\",\"typ\":\"JWT\"}", CLAIMS, SECRET)), 401),
                attack("no typ where at+jwt is required", "/typed/me", bearer(VALID_HS), 401),
                attack("typ at+jwt", "/typed/me", bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"h1\",\"typ\":\"at+jwt\"}", CLAIMS, SECRET)), 200),
                attack("typ application/AT+JWT", "/typed/me",
                        bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"h1\",\"typ\":\"application/AT+JWT\"}", CLAIMS, SECRET)), 200),
                attack("header of 3 KiB", API, bearer(hs256("{\"alg\":\"HS256\",\"kid\":\"h1\",\"p\":\"" + "x".repeat(2300) + "\"}", CLAIMS, SECRET)), 401));
    }

    static Stream<Arguments> timeClaims() {
        return Stream.of(
                attack("expired beyond the clock skew", API, bearer(hs256(HS, timed("\"exp\":" + (NOW - 31)), SECRET)), 401),
                attack("expired within the clock skew", API, bearer(hs256(HS, timed("\"exp\":" + (NOW - 29)), SECRET)), 200),
                attack("not valid before a future time", API, bearer(hs256(HS, timed("\"exp\":" + (NOW + 600) + ",\"nbf\":" + (NOW + 60)), SECRET)), 401),
                attack("no exp", API, bearer(hs256(HS, timed(""), SECRET)), 401),
                attack("no exp where expiry is optional", "/optional/me", bearer(hs256(HS, timed(""), SECRET)), 200),
                attack("exp a string", API, bearer(hs256(HS, timed("\"exp\":\"tomorrow\""), SECRET)), 401),
                attack("exp negative", API, bearer(hs256(HS, timed("\"exp\":-1"), SECRET)), 401),
                attack("iat older than the maximum age", "/aged/me", bearer(hs256(HS, timed("\"exp\":" + (NOW + 600) + ",\"iat\":" + (NOW - 3600)), SECRET)), 401),
                attack("no iat where a maximum age is set", "/aged/me", bearer(hs256(HS, timed("\"exp\":" + (NOW + 600)), SECRET)), 401),
                attack("iat in the future", "/aged/me", bearer(hs256(HS, timed("\"exp\":" + (NOW + 7200) + ",\"iat\":" + (NOW + 3600)), SECRET)), 401),
                attack("iat within the maximum age", "/aged/me", bearer(hs256(HS, timed("\"exp\":" + (NOW + 600) + ",\"iat\":" + (NOW - 120)), SECRET)), 200),
                attack("wrong issuer", API, bearer(hs256(HS, CLAIMS.replace("issuer.test", "evil.test"), SECRET)), 401),
                attack("wrong audience", API, bearer(hs256(HS, CLAIMS.replace("\"orders\"", "\"billing\""), SECRET)), 401),
                attack("audience among several", API, bearer(hs256(HS, CLAIMS.replace("\"orders\"", "[\"billing\",\"orders\"]"), SECRET)), 200),
                attack("first use of a jti", "/once/me", bearer(hs256(HS, claims(",\"jti\":\"t-1\""), SECRET)), 200),
                attack("second use of the same jti", "/once/me", bearer(hs256(HS, claims(",\"jti\":\"t-1\""), SECRET)), 401),
                attack("no jti where one is required", "/once/me", bearer(VALID_HS), 401),
                attack("token of 13 KiB", API, bearer(hs256(HS, claims(",\"p\":\"" + "x".repeat(10_000) + "\""), SECRET)), 401),
                attack("token of 8 KiB", API, bearer(hs256(HS, claims(",\"p\":\"" + "x".repeat(6_000) + "\""), SECRET)), 200));
    }
}
