package dev.pronto.client.http.internal.contract;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.core.JsonCodec;

/** Turns the answer to a contract call into its result, or into the exception that says what went wrong. */
public final class ContractAnswers {
    private ContractAnswers() {
    }

    /**
     * The 2xx answer's body as {@code type} ({@code Void}: null; {@code String}; {@code byte[]};
     * else JSON, null when empty; {@code type} may be generic, e.g. {@code List<Item>}), always closing {@code response}.
     *
     * @throws dev.pronto.client.http.ProblemException for any other status
     * @throws MalformedResponseException when the body does not decode
     */
    @SuppressWarnings("unchecked")
    public static <T> T decode(ClientRequest request, ClientResponse response, java.lang.reflect.Type type, JsonCodec json) {
        try (response) {
            int status = response.status();
            if (status < 200 || status > 299) {
                throw ProblemReader.read(request.toString(), response);
            }
            if (type == Void.class) {
                return null;
            } else if (type == String.class) {
                return (T) response.string();
            } else if (type == byte[].class) {
                return (T) response.bytes();
            } else if (!response.body().isReadable()) {
                return null;
            }
            try {
                return (T) (type instanceof Class<?> c ? json.read(response.body(), c) : json.read(response.body(), type));
            } catch (RuntimeException e) {
                throw new MalformedResponseException(request + ": the body is not a valid " + type.getTypeName()
                        + ": " + e.getMessage(), e);
            }
        }
    }
}
