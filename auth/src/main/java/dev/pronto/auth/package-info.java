/**
 * Authentication and authorization hooks: {@link dev.pronto.auth.Auth#jwt(JwtConfig)} for Bearer JWTs,
 * {@link dev.pronto.auth.Auth#basic(String, BasicVerifier)} for Basic auth, the {@link dev.pronto.auth.Principal}
 * they leave on the request, and role and scope checks per route group.
 */
package dev.pronto.auth;
