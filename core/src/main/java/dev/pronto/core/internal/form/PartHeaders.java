package dev.pronto.core.internal.form;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.Part;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Reads a part's header block into a {@link Part}: {@code Content-Disposition: form-data} with its
 * {@code name} and {@code filename} parameters (quoted or not), and {@code Content-Type}. Other fields are
 * skipped, as RFC 7578 §4.8 asks. Text is UTF-8, as browsers send it.
 */
final class PartHeaders {
    private PartHeaders() {
    }

    /** The part of header block {@code [from, to)}: CRLF-separated fields without the final blank line. */
    static Part parse(ByteBuf buf, int from, int to) {
        String disposition = null;
        String contentType = null;
        for (String line : buf.toString(from, to - from, StandardCharsets.UTF_8).split("\r\n", -1)) {
            int colon = line.indexOf(':');
            if (colon <= 0 || line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                throw new BadRequestException("Malformed multipart part header: '" + shorten(line) + "'");
            }
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("content-disposition")) {
                disposition = value;
            } else if (name.equalsIgnoreCase("content-type")) {
                contentType = value.isEmpty() ? null : value;
            }
        }
        if (disposition == null) {
            throw new BadRequestException("Multipart part without Content-Disposition: form-data");
        }
        return disposition(disposition, contentType);
    }

    private static Part disposition(String value, String contentType) {
        int semi = value.indexOf(';');
        String type = (semi < 0 ? value : value.substring(0, semi)).trim();
        if (!type.equalsIgnoreCase("form-data")) {
            throw new BadRequestException("Multipart part has Content-Disposition '" + shorten(type) + "', not form-data");
        }
        String name = null;
        String filename = null;
        String raw = null;
        int i = semi < 0 ? value.length() : semi + 1;
        while (i < value.length()) {
            int eq = value.indexOf('=', i);
            if (eq < 0) {
                break;
            }
            String key = value.substring(i, eq).trim();
            StringBuilder v = new StringBuilder();
            i = paramValue(value, eq + 1, v);
            if (key.equalsIgnoreCase("name")) {
                name = v.toString();
            } else if (key.equalsIgnoreCase("filename")) {
                raw = v.toString();
                filename = safeName(raw);
            }
        }
        if (name == null) {
            throw new BadRequestException("Multipart part's Content-Disposition has no name");
        }
        return new Part(name, filename, contentType, raw);
    }

    /** Reads a token or quoted string from {@code i} into {@code out}; returns the index after its ';'. */
    private static int paramValue(String s, int i, StringBuilder out) {
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        if (i < s.length() && s.charAt(i) == '"') {
            i++;
            while (i < s.length() && s.charAt(i) != '"') {
                // no backslash escapes: browsers send quotes as %22 and backslashes as they are (HTML's form encoding)
                out.append(s.charAt(i++));
            }
            if (i >= s.length()) {
                throw new BadRequestException("Multipart Content-Disposition has an unterminated quoted string");
            }
            i++;
        } else {
            while (i < s.length() && s.charAt(i) != ';') {
                out.append(s.charAt(i++));
            }
            out.setLength(out.toString().trim().length());
        }
        int semi = s.indexOf(';', i);
        return semi < 0 ? s.length() : semi + 1;
    }

    /**
     * The last path segment of what the client sent (old browsers send whole Windows paths; RFC 7578 §4.2:
     * never use directory information), without control characters (a NUL would fail a later
     * {@code Path.of}), and never a dot segment that would name a directory.
     */
    static String safeName(String filename) {
        int cut = Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'));
        StringBuilder out = new StringBuilder(filename.length() - cut - 1);
        for (int i = cut + 1; i < filename.length(); i++) {
            char c = filename.charAt(i);
            if (c >= 0x20 && (c < 0x7F || c > 0x9F)) {
                out.append(c);
            }
        }
        String name = out.toString();
        return name.equals(".") || name.equals("..") ? "" : name;
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "...";
    }
}
