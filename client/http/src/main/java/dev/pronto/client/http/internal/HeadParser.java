package dev.pronto.client.http.internal;

/**
 * Parses a response head already copied into {@link DecodedResponse#head}: the status line and
 * header fields, noting the ones that frame the body. Returns an error message instead of
 * throwing, because a malformed response is an expected outcome on the wire.
 */
final class HeadParser {
    long contentLength;
    boolean chunked;
    boolean otherTransferEncoding;
    boolean close;
    boolean keepAlive;
    boolean http10;
    private int valueStart;
    private int valueEnd;

    /** Parses {@code resp.head}; returns null when valid, else a message quoting the bad part. */
    String parse(DecodedResponse resp) {
        contentLength = -1;
        chunked = false;
        otherTransferEncoding = false;
        close = false;
        keepAlive = false;
        byte[] h = resp.head;
        int n = resp.headLength;
        int eol = indexOf(h, 0, n, '\n');
        int lineEnd = eol > 0 && h[eol - 1] == '\r' ? eol - 1 : eol;
        if (!statusLine(h, lineEnd)) {
            return "malformed status line \"" + quote(h, 0, lineEnd) + "\"";
        }
        http10 = h[7] == '0';
        resp.status = (h[9] - '0') * 100 + (h[10] - '0') * 10 + (h[11] - '0');
        int pos = eol + 1;
        while (pos < n) {
            int lf = indexOf(h, pos, n, '\n');
            int end = lf > pos && h[lf - 1] == '\r' ? lf - 1 : lf;
            if (end == pos) {
                return null;
            }
            String error = field(resp, pos, end);
            if (error != null) {
                return error;
            }
            pos = lf + 1;
        }
        return null;
    }

    private static boolean statusLine(byte[] h, int end) {
        if (end < 12 || h[0] != 'H' || h[1] != 'T' || h[2] != 'T' || h[3] != 'P' || h[4] != '/' || h[5] != '1'
                || h[6] != '.' || !digit(h[7]) || h[8] != ' ') {
            return false;
        }
        return digit(h[9]) && digit(h[10]) && digit(h[11]) && (end == 12 || h[12] == ' ');
    }

    private String field(DecodedResponse resp, int pos, int end) {
        byte[] h = resp.head;
        int colon = indexOf(h, pos, end, ':');
        if (colon <= pos || colon == end || h[pos] == ' ' || h[pos] == '\t' || h[colon - 1] == ' ') {
            return "malformed header line \"" + quote(h, pos, end) + "\"";
        }
        int vs = colon + 1;
        while (vs < end && (h[vs] == ' ' || h[vs] == '\t')) {
            vs++;
        }
        int ve = end;
        while (ve > vs && (h[ve - 1] == ' ' || h[ve - 1] == '\t')) {
            ve--;
        }
        resp.addField(pos, colon, vs, ve);
        valueStart = vs;
        valueEnd = ve;
        return classify(h, colon - pos, pos);
    }

    private String classify(byte[] h, int nameLength, int pos) {
        int vs = valueStart;
        int ve = valueEnd;
        if (nameLength == 14 && Ascii.equalsIgnoreCase(h, pos, "content-length")) {
            long v = digits(h, vs, ve);
            if (v < 0 || contentLength >= 0 && contentLength != v) {
                return "invalid Content-Length \"" + quote(h, vs, ve) + "\"";
            }
            contentLength = v;
        } else if (nameLength == 17 && Ascii.equalsIgnoreCase(h, pos, "transfer-encoding")) {
            chunked = Ascii.containsToken(h, vs, ve, "chunked");
            otherTransferEncoding = !chunked;
        } else if (nameLength == 10 && Ascii.equalsIgnoreCase(h, pos, "connection")) {
            close |= Ascii.containsToken(h, vs, ve, "close");
            keepAlive |= Ascii.containsToken(h, vs, ve, "keep-alive");
        }
        return null;
    }

    private static long digits(byte[] h, int start, int end) {
        if (start == end || end - start > 18) {
            return -1;
        }
        long v = 0;
        for (int i = start; i < end; i++) {
            if (!digit(h[i])) {
                return -1;
            }
            v = v * 10 + (h[i] - '0');
        }
        return v;
    }

    private static boolean digit(byte b) {
        return b >= '0' && b <= '9';
    }

    static int indexOf(byte[] h, int from, int to, char c) {
        for (int i = from; i < to; i++) {
            if (h[i] == c) {
                return i;
            }
        }
        return to;
    }

    static String quote(byte[] h, int start, int end) {
        StringBuilder sb = new StringBuilder();
        for (int i = start; i < Math.min(end, start + 80); i++) {
            int c = h[i] & 0xff;
            sb.append(c >= 32 && c < 127 ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return end - start > 80 ? sb.append("...").toString() : sb.toString();
    }
}
