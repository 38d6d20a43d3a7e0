package dev.pronto.core.annotation;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.HttpException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Converts request values for the code {@code pronto-processor} generates; usable by hand too.
 *
 * <p>Every converter takes the raw value (already percent-decoded, null when absent), the name of
 * the parameter and its {@code source} ({@link #PATH}, {@link #QUERY}, {@link #HEADER} or
 * {@link #COOKIE}). An absent value is a {@link BadRequestException} "query parameter 'q' is
 * required"; one that does not convert is a {@link BadRequestException} naming the parameter, for
 * example "query parameter 'limit' must be an integer, got 'x'" (quoting at most a short excerpt of the
 * value, see {@link HttpException#excerpt}). Wrap a converter with
 * {@link #optional} or {@link #list} for values that may be absent or repeated. Thread-safe and
 * allocation-free on success, apart from the converted value itself.
 */
public final class Params {
    /** The source of {@code {name}} values of the route pattern. */
    public static final String PATH = "path parameter";
    /** The source of query string values. */
    public static final String QUERY = "query parameter";
    /** The source of request header values. */
    public static final String HEADER = "header";
    /** The source of cookie values. */
    public static final String COOKIE = "cookie";
    /** The source of form field values ({@link Form}). */
    public static final String FORM = "form field";

    private Params() {
    }

    /**
     * Converts one raw value; {@code Params::intValue} and the other methods of this class fit.
     *
     * @param <T> the converted type
     */
    @FunctionalInterface
    public interface Converter<T> {
        /**
         * Converts {@code raw}, the value of parameter {@code name} from {@code source}.
         *
         * @param raw the value, or null when absent
         * @param name the parameter name, for the error message
         * @param source where the value comes from, for the error message
         * @return the converted value
         * @throws BadRequestException if the value is absent or does not convert
         */
        T convert(String raw, String name, String source);
    }

    /**
     * The request body decoded as JSON into {@code type} ({@link dev.pronto.core.Request#json(Class)}),
     * what a {@code @Body} parameter of a class type binds to. A body sent with an explicit non-JSON
     * {@code Content-Type} (such as {@code text/plain} or a form) is refused with 415 rather than parsed;
     * a missing {@code Content-Type}, {@code application/json} and {@code application/*+json} (any
     * parameters) are accepted. {@code @Body(anyContentType = true)} binds with {@code req.json} instead.
     * A body with a {@code Content-Encoding} the server did not decode (any but {@code identity}, or
     * {@code gzip} with {@code Compression.gzipRequests}) is refused with 415 and {@code Accept-Encoding}.
     *
     * @param <T> the decoded type
     * @throws HttpException 415 for a non-JSON content type or an undecoded content coding; 400 (from the codec) for a malformed document
     */
    public static <T> T jsonBody(dev.pronto.core.Request req, Class<T> type) {
        String coding = dev.pronto.core.internal.exchange.RequestBodies.pendingCoding(req);
        if (coding != null) {
            throw new HttpException(415, "Content-Encoding '" + HttpException.excerpt(coding)
                    + "' is not accepted: send the body unencoded");
        }
        String contentType = req.header("Content-Type");
        if (contentType != null && !isJson(contentType)) {
            throw new HttpException(415, "Content-Type must be application/json, got '"
                    + HttpException.excerpt(contentType) + "'");
        }
        return req.json(type);
    }

    /**
     * Returns {@code value}, the body of {@code req} as decoded, once its document holds a JSON number
     * wherever {@code shape} requires one: DSL-JSON reads {@code "3"} as 3, the document's
     * {@code integer} and {@code number} do not. One pass over the body's bytes, after decoding.
     *
     * @param <T> the decoded type
     * @throws ValidationException 400 naming the first property that holds a string instead
     */
    public static <T> T numbers(T value, dev.pronto.core.Request req, JsonShape shape) {
        io.netty.buffer.ByteBuf body = req.body();
        int length = body.readableBytes();
        byte[] bytes = io.netty.buffer.ByteBufUtil.getBytes(body, body.readerIndex(), length, false);
        String path = shape.firstString(bytes, length);
        if (path != null) {
            throw new dev.pronto.core.ValidationException(List.of(new dev.pronto.core.ValidationException.FieldError(
                    "body" + path, "must be a number, not a string")));
        }
        return value;
    }

    /**
     * Refuses a request whose {@code Accept} field excludes {@code application/json}, for a route
     * that answers JSON only: called before the controller runs, so a refused request changes nothing.
     * An absent or empty field, {@code *}{@code /*}, {@code application/*} and {@code application/json}
     * (with a non-zero {@code q}) pass.
     *
     * @throws HttpException 406 when no media range of the field admits JSON
     */
    public static void acceptsJson(dev.pronto.core.Request req) {
        if (!dev.pronto.core.internal.content.AcceptHeader.admitsJson(req.header("Accept"))) {
            throw new HttpException(406, "This route answers application/json only; Accept: '"
                    + HttpException.excerpt(req.header("Accept")) + "'");
        }
    }

    /**
     * The form of a blocking route's aggregated body, what {@link Form} parameters bind to: a
     * {@code multipart/form-data} body as {@link #multipartData}, an {@code application/x-www-form-urlencoded}
     * one through {@link dev.pronto.core.Request#form()}.
     *
     * @throws HttpException 415 for another content type; 413 or 400 as those methods fail
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public static dev.pronto.core.FormData formData(dev.pronto.core.Request req) throws InterruptedException {
        String type = req.header("Content-Type");
        if (type != null && type.regionMatches(true, 0, "multipart/", 0, 10)) {
            return multipartData(req);
        }
        return new dev.pronto.core.FormData(req.form(), List.of());
    }

    /**
     * The {@code multipart/form-data} body of a blocking route, waited for ({@link dev.pronto.core.Request#multipart()}):
     * what a method with {@link FilePart} parameters binds to.
     *
     * @throws HttpException 415 for another content type; 413 or 400 as {@code multipart()} fails
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public static dev.pronto.core.FormData multipartData(dev.pronto.core.Request req) throws InterruptedException {
        try {
            return req.multipart().toCompletableFuture().get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("multipart body failed", e.getCause());
        }
    }

    /**
     * The file part {@code name} of {@code form}, which must be present: a {@link FilePart} parameter.
     *
     * @throws BadRequestException when the body has no such file part
     */
    public static dev.pronto.core.FileUpload filePart(dev.pronto.core.FormData form, String name) {
        dev.pronto.core.FileUpload file = optionalFilePart(form, name);
        if (file == null) {
            throw new BadRequestException("file part '" + name + "' is required");
        }
        return file;
    }

    /**
     * The file part {@code name} of {@code form}, or null: an {@code Optional<FileUpload>} parameter.
     *
     * @throws BadRequestException when a part of that name came without a {@code filename} (a field, not a file)
     */
    public static dev.pronto.core.FileUpload optionalFilePart(dev.pronto.core.FormData form, String name) {
        refuseFields(form, name);
        return form.file(name);
    }

    /**
     * Every file part {@code name} of {@code form}, in order: a {@code List<FileUpload>} parameter.
     *
     * @throws BadRequestException when a part of that name came without a {@code filename} (a field, not a file)
     */
    public static List<dev.pronto.core.FileUpload> fileParts(dev.pronto.core.FormData form, String name) {
        refuseFields(form, name);
        return form.files(name);
    }

    /** A part meant as a file but sent without {@code filename} is read as a field: refuse it rather than drop it. */
    private static void refuseFields(dev.pronto.core.FormData form, String name) {
        if (form.fields().has(name)) {
            throw new BadRequestException("part '" + name + "' must be a file: its Content-Disposition needs a filename");
        }
    }

    /** Whether {@code contentType}'s media type is {@code application/json} or {@code application/*+json}. */
    static boolean isJson(String contentType) {
        int end = contentType.indexOf(';');
        end = end < 0 ? contentType.length() : end;
        while (end > 0 && (contentType.charAt(end - 1) == ' ' || contentType.charAt(end - 1) == '\t')) {
            end--;
        }
        int start = 0;
        while (start < end && (contentType.charAt(start) == ' ' || contentType.charAt(start) == '\t')) {
            start++;
        }
        String app = "application/";
        if (end - start <= app.length() || !contentType.regionMatches(true, start, app, 0, app.length())) {
            return false;
        }
        int subtype = start + app.length();
        return end - subtype == 4 && contentType.regionMatches(true, subtype, "json", 0, 4)
                || end - subtype > 5 && contentType.regionMatches(true, end - 5, "+json", 0, 5);
    }

    /** Returns {@code raw}, which must be present. */
    public static String string(String raw, String name, String source) {
        return present(raw, name, source);
    }

    /** Parses a decimal {@code int}. */
    public static int intValue(String raw, String name, String source) {
        try {
            return Integer.parseInt(present(raw, name, source));
        } catch (NumberFormatException e) {
            throw invalid("an integer", raw, name, source);
        }
    }

    /** Parses a decimal {@code long}. */
    public static long longValue(String raw, String name, String source) {
        try {
            return Long.parseLong(present(raw, name, source));
        } catch (NumberFormatException e) {
            throw invalid("an integer", raw, name, source);
        }
    }

    /** Parses a decimal {@code short}. */
    public static short shortValue(String raw, String name, String source) {
        try {
            return Short.parseShort(present(raw, name, source));
        } catch (NumberFormatException e) {
            throw invalid("an integer in -32768..32767", raw, name, source);
        }
    }

    /** Parses a decimal {@code byte}. */
    public static byte byteValue(String raw, String name, String source) {
        try {
            return Byte.parseByte(present(raw, name, source));
        } catch (NumberFormatException e) {
            throw invalid("an integer in -128..127", raw, name, source);
        }
    }

    /** Parses a {@code double} as {@link Double#parseDouble(String)} does. */
    public static double doubleValue(String raw, String name, String source) {
        try {
            return Double.parseDouble(present(raw, name, source));
        } catch (NumberFormatException e) {
            throw invalid("a number", raw, name, source);
        }
    }

    /** Parses a {@code float} as {@link Float#parseFloat(String)} does. */
    public static float floatValue(String raw, String name, String source) {
        try {
            return Float.parseFloat(present(raw, name, source));
        } catch (NumberFormatException e) {
            throw invalid("a number", raw, name, source);
        }
    }

    /** Parses {@code true} or {@code false}, ignoring case. */
    public static boolean booleanValue(String raw, String name, String source) {
        if ("true".equalsIgnoreCase(present(raw, name, source))) {
            return true;
        }
        if ("false".equalsIgnoreCase(raw)) {
            return false;
        }
        throw invalid("true or false", raw, name, source);
    }

    /** Returns the only character of {@code raw}. */
    public static char charValue(String raw, String name, String source) {
        if (present(raw, name, source).length() != 1) {
            throw invalid("a single character", raw, name, source);
        }
        return raw.charAt(0);
    }

    /** Parses a UUID in its canonical 36-character form. */
    public static UUID uuid(String raw, String name, String source) {
        if (present(raw, name, source).length() != 36) {
            throw invalid("a UUID", raw, name, source);
        }
        try {
            return UUID.fromString(raw);
        } catch (IllegalArgumentException e) {
            throw invalid("a UUID", raw, name, source);
        }
    }

    /**
     * Returns the constant of {@code type} named exactly {@code raw}; the error lists the names.
     *
     * @param type the enum class
     */
    public static <E extends Enum<E>> E enumValue(Class<E> type, String raw, String name, String source) {
        try {
            return Enum.valueOf(type, present(raw, name, source));
        } catch (IllegalArgumentException e) {
            String names = Arrays.toString(type.getEnumConstants());
            throw invalid("one of " + names.substring(1, names.length() - 1), raw, name, source);
        }
    }

    /** Empty when {@code raw} is null, else the value {@code converter} returns. */
    public static <T> Optional<T> optional(String raw, String name, String source, Converter<T> converter) {
        return raw == null ? Optional.empty() : Optional.of(converter.convert(raw, name, source));
    }

    /** Converts each of {@code raws} (empty when the parameter is absent) into a new list. */
    public static <T> List<T> list(List<String> raws, String name, String source, Converter<T> converter) {
        List<T> values = new ArrayList<>(raws.size());
        for (String raw : raws) {
            values.add(converter.convert(raw, name, source));
        }
        return values;
    }

    private static String present(String raw, String name, String source) {
        if (raw == null) {
            throw new BadRequestException(source + " '" + name + "' is required");
        }
        return raw;
    }

    private static BadRequestException invalid(String expected, String raw, String name, String source) {
        return new BadRequestException(source + " '" + name + "' must be " + expected + ", got '" + HttpException.excerpt(raw)
                + "'");
    }
}
