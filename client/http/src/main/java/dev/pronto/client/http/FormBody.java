package dev.pronto.client.http;

import dev.pronto.client.http.internal.MultipartPublisher;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A form to send with {@link ClientRequest.Builder#body(FormBody)}: {@code application/x-www-form-urlencoded}
 * fields ({@link #urlEncoded(Map)}), or a {@code multipart/form-data} body of fields and files
 * ({@link #multipart()}) whose files are read from disk as the connection takes them, never whole into memory.
 *
 * <pre>{@code
 * ClientRequest req = ClientRequest.builder().method("POST").uri(base + "/upload")
 *         .body(FormBody.multipart().field("title", "report").file("doc", Path.of("report.pdf"), "application/pdf").build())
 *         .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe; a multipart body reads its files again on every send.
 */
public final class FormBody {
    private final String contentType;
    private final byte[] fixed;
    private final List<MultipartPublisher.Segment> segments;

    private FormBody(String contentType, byte[] fixed, List<MultipartPublisher.Segment> segments) {
        this.contentType = contentType;
        this.fixed = fixed;
        this.segments = segments;
    }

    /**
     * A url-encoded form of {@code fields} in the map's order; an {@code Iterable} value sends the name once per element.
     *
     * @param fields names to values ({@code toString()} of each)
     */
    public static FormBody urlEncoded(Map<String, ?> fields) {
        StringBuilder sb = new StringBuilder();
        fields.forEach((name, value) -> {
            Iterable<?> values = value instanceof Iterable<?> many ? many : List.of(value);
            for (Object v : values) {
                sb.append(sb.isEmpty() ? "" : "&").append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                        .append(URLEncoder.encode(String.valueOf(v), StandardCharsets.UTF_8));
            }
        });
        return new FormBody("application/x-www-form-urlencoded", sb.toString().getBytes(StandardCharsets.US_ASCII), null);
    }

    /** A builder of a multipart body with a random boundary. */
    public static Multipart multipart() {
        return new Multipart();
    }

    /** The {@code Content-Type} it is sent with, boundary included. */
    public String contentType() {
        return contentType;
    }

    /** The bytes of a url-encoded form, or null for a streamed multipart body. */
    byte[] fixed() {
        return fixed;
    }

    /** A fresh publisher of the multipart body, or null for a url-encoded form. */
    MultipartPublisher publisher() {
        return segments == null ? null : new MultipartPublisher(segments);
    }

    /** Builds a {@code multipart/form-data} body in order. Not thread-safe. */
    public static final class Multipart {
        private static final SecureRandom RANDOM = new SecureRandom();
        private final String boundary = "pronto-" + Long.toHexString(RANDOM.nextLong()) + Long.toHexString(RANDOM.nextLong());
        private final List<MultipartPublisher.Segment> segments = new ArrayList<>();

        private Multipart() {
        }

        /** Adds a text field. */
        public Multipart field(String name, String value) {
            head(name, null, null);
            segments.add(MultipartPublisher.Segment.text(Objects.requireNonNull(value, "value")));
            return this;
        }

        /**
         * Adds the file at {@code file} as part {@code name}, sent as {@code contentType} with its file name; its
         * bytes are read when the request is sent.
         *
         * @throws IllegalArgumentException if {@code file} is not a readable regular file
         */
        public Multipart file(String name, Path file, String contentType) {
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw new IllegalArgumentException("file must be a readable regular file, got " + file);
            }
            head(name, file.getFileName().toString(), Objects.requireNonNull(contentType, "contentType"));
            segments.add(MultipartPublisher.Segment.file(file));
            return this;
        }

        /** The body; the builder may go on to build another with the same parts. */
        public FormBody build() {
            List<MultipartPublisher.Segment> all = new ArrayList<>(segments);
            all.add(MultipartPublisher.Segment.text((segments.isEmpty() ? "--" : "\r\n--") + boundary + "--\r\n"));
            return new FormBody("multipart/form-data; boundary=" + boundary, null, List.copyOf(all));
        }

        private void head(String name, String filename, String contentType) {
            StringBuilder sb = new StringBuilder(segments.isEmpty() ? "--" : "\r\n--").append(boundary)
                    .append("\r\nContent-Disposition: form-data; name=\"").append(quoted(name)).append('"');
            if (filename != null) {
                sb.append("; filename=\"").append(quoted(filename)).append('"');
            }
            if (contentType != null) {
                sb.append("\r\nContent-Type: ").append(contentType);
            }
            segments.add(MultipartPublisher.Segment.text(sb.append("\r\n\r\n").toString()));
        }

        /** As browsers do (HTML's form encoding): quotes and line breaks percent-encoded. */
        private static String quoted(String s) {
            return s.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
        }
    }
}
