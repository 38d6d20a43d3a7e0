package dev.pronto.auth.internal;

/** Why a token was refused: the RFC 6750 {@code error_description}. Stackless, shared instances. */
public final class TokenRejected extends Exception {
    static final TokenRejected MALFORMED = new TokenRejected("The token is malformed");
    static final TokenRejected ALGORITHM = new TokenRejected("The token's algorithm is not accepted");
    static final TokenRejected UNKNOWN_KEY = new TokenRejected("The token's key is unknown");
    static final TokenRejected KEY_TYPE = new TokenRejected("The token's algorithm does not fit its key");
    static final TokenRejected SIGNATURE = new TokenRejected("The token's signature is invalid");
    static final TokenRejected EXPIRED = new TokenRejected("The token expired");
    static final TokenRejected NOT_YET_VALID = new TokenRejected("The token is not valid yet");
    static final TokenRejected ISSUER = new TokenRejected("The token's issuer is not accepted");
    static final TokenRejected AUDIENCE = new TokenRejected("The token's audience is not accepted");
    static final TokenRejected TOO_LARGE = new TokenRejected("The token is too large");
    static final TokenRejected NOT_OBJECT = new TokenRejected("The token's header or claims are not a JSON object");
    static final TokenRejected DUPLICATE = new TokenRejected("The token has a duplicate header parameter or claim");
    static final TokenRejected TYPE = new TokenRejected("The token's type is not accepted");
    static final TokenRejected NO_EXPIRY = new TokenRejected("The token has no expiry");
    static final TokenRejected NO_ISSUE_TIME = new TokenRejected("The token has no issue time");
    static final TokenRejected TOO_OLD = new TokenRejected("The token is too old");
    static final TokenRejected NO_ID = new TokenRejected("The token has no id");
    static final TokenRejected REPLAYED = new TokenRejected("The token's id is not accepted");

    private TokenRejected(String description) {
        super(description, null, false, false);
    }
}
