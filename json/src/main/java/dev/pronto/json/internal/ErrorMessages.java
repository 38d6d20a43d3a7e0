package dev.pronto.json.internal;

import com.dslplatform.json.JsonReader;
import dev.pronto.core.BadRequestException;
import dev.pronto.core.HttpException;
import java.lang.reflect.Type;

/** Builds the short, position-bearing messages that go back to the client in a 400 response. */
final class ErrorMessages {
    private static final String NO_ENUM_CONSTANT = "No enum constant ";

    private ErrorMessages() {
    }

    /** A type name for clients: simple class names, without packages or enclosing classes. */
    static String name(Type type) {
        if (type instanceof Class<?> c) {
            return c.getSimpleName();
        }
        return type.getTypeName().replaceAll("[\\w$]+[.$]", "");
    }

    /**
     * The input is wrong at the byte the reader consumed last; {@code detail} says how. The cause is
     * not kept: it would only repeat the message, and 400s are not logged with stack traces.
     */
    static BadRequestException invalid(JsonReader<?> reader, String detail) {
        int at = Math.max(0, reader.getCurrentIndex() - 1);
        return new BadRequestException("invalid JSON at byte " + at + ": " + detail);
    }

    /** The bracket at {@code at} opens one level more than {@code maxDepth}. */
    static BadRequestException tooDeep(int at, int maxDepth) {
        return new BadRequestException("invalid JSON at byte " + at + ": nested deeper than " + maxDepth + " levels");
    }

    /** The document is a JSON {@code null}; the reader has just consumed its four bytes. */
    static BadRequestException nullDocument(JsonReader<?> reader, Type type) {
        int at = Math.max(0, reader.getCurrentIndex() - 4);
        return new BadRequestException("invalid JSON at byte " + at + ": null where " + name(type) + " is expected");
    }

    /**
     * The detail for an {@link IllegalArgumentException} thrown while decoding: an unknown enum
     * constant (whose JDK message names the enum's class) or a record constructor rejecting a value.
     */
    static String rejected(IllegalArgumentException e) {
        String message = e.getMessage();
        if (message == null || message.isEmpty()) {
            return "invalid value";
        }
        if (message.startsWith(NO_ENUM_CONSTANT)) {
            return "unknown enum constant '" + HttpException.excerpt(message.substring(message.lastIndexOf('.') + 1)) + "'";
        }
        return message;
    }

    /** Rejects anything but whitespace after the decoded value. */
    static void requireEnd(JsonReader<?> reader, byte[] input) {
        for (int i = reader.getCurrentIndex(), n = reader.length(); i < n; i++) {
            byte b = input[i];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                throw new BadRequestException("invalid JSON at byte " + i + ": unexpected data after the value");
            }
        }
    }
}
