/**
 * Authentication and authorization for Pronto: Bearer JWT (HS256, RS256, ES256 from static keys, PEM or a
 * JWKS URL fetched with Pronto's HTTP client), Basic auth, a principal on the request and role checks.
 */
module dev.pronto.auth {
    requires transitive dev.pronto.core;
    requires transitive dev.pronto.client.http;
    requires com.nimbusds.jose.jwt;
    requires org.slf4j;

    exports dev.pronto.auth;
}
