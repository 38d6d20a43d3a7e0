package dev.pronto.core.internal.form;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.HttpException;

/** The {@code boundary} parameter of a {@code multipart/form-data} Content-Type (RFC 2046 §5.1.1). */
final class Boundary {
    private static final String BCHARS = "'()+_,-./:=? ";

    private Boundary() {
    }

    /**
     * The boundary of {@code contentType}.
     *
     * @throws HttpException 415 when it is not {@code multipart/form-data}; 400 when the boundary is missing or invalid
     */
    static String of(String contentType) {
        if (contentType == null) {
            throw new HttpException(415, "Expected a multipart/form-data body; the request has no Content-Type");
        }
        int semi = contentType.indexOf(';');
        String type = (semi < 0 ? contentType : contentType.substring(0, semi)).trim();
        if (!type.equalsIgnoreCase("multipart/form-data")) {
            throw new HttpException(415, "Expected a multipart/form-data body, got Content-Type '" + type + "'");
        }
        String boundary = semi < 0 ? null : parameter(contentType.substring(semi + 1), "boundary");
        if (boundary == null) {
            throw new BadRequestException("multipart/form-data Content-Type without a boundary parameter");
        }
        if (!valid(boundary)) {
            throw new BadRequestException("Invalid multipart boundary: 1 to 70 letters, digits or '()+_,-./:=? , not ending"
                    + " in a space");
        }
        return boundary;
    }

    private static String parameter(String params, String name) {
        for (String p : params.split(";")) {
            int eq = p.indexOf('=');
            if (eq > 0 && p.substring(0, eq).trim().equalsIgnoreCase(name)) {
                String v = p.substring(eq + 1).trim();
                if (v.length() >= 2 && v.charAt(0) == '"' && v.charAt(v.length() - 1) == '"') {
                    v = v.substring(1, v.length() - 1);
                }
                return v;
            }
        }
        return null;
    }

    private static boolean valid(String b) {
        if (b.isEmpty() || b.length() > 70 || b.charAt(b.length() - 1) == ' ') {
            return false;
        }
        for (int i = 0; i < b.length(); i++) {
            char c = b.charAt(i);
            boolean alnum = c < 128 && Character.isLetterOrDigit(c);
            if (!alnum && BCHARS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
